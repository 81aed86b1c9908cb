import * as z from "zod";
import { ContinuationError } from "./continuation-error.js";
import {
  DEADLINE_MAX_MS,
  IDEMPOTENCY_KEY_MAX_CHARS,
  TASK_HASH_MAX_CHARS,
  TASK_KEY_MAX_CHARS,
} from "./continuation-limits.js";

const claimBodySchema = z.strictObject({
  taskKey: z.string().min(1).max(TASK_KEY_MAX_CHARS),
  taskHash: z.string().min(1).max(TASK_HASH_MAX_CHARS),
  deadline: z.union([z.string().min(1), z.number().int().positive()]),
  route: z.string().min(1).max(TASK_KEY_MAX_CHARS).optional(),
});

/** A claim as the service accepts it (`POST /v1/continuations/claim`). */
export interface ClaimBody {
  /** The server's own name for the task; one continuation per (server, origin run, taskKey). */
  taskKey: string;
  /** The server's digest of the task; a replay must repeat it. */
  taskHash: string;
  /** When the result is due, as epoch ms (the body may give an ISO 8601 string or epoch ms). */
  deadlineMs: number;
  /** A named route from `continuations.namedRoutes` (its mode and conversation replace the request's). */
  route?: string;
}

/** A result as the service accepts it (`PUT|POST /v1/continuations/<id>/result`). */
export interface ResultBody {
  idempotencyKey: string;
  /** SHA-256 (hex, optionally `sha256:`-prefixed) of the canonical JSON of `payload`, when given. */
  payloadHash?: string;
  payload: unknown;
}

function invalid(error: z.ZodError, accepted: string): ContinuationError {
  const issue = error.issues[0];
  const where = issue?.path.join(".") || "body";
  return new ContinuationError(
    "invalid_request",
    `${where}: ${issue?.message ?? "invalid"}; accepted: ${accepted}`,
  );
}

const CLAIM_ACCEPTED = `{ taskKey: 1..${TASK_KEY_MAX_CHARS} chars, taskHash: 1..${TASK_HASH_MAX_CHARS} chars, deadline: ISO 8601 or epoch ms, in the future and at most 30 days ahead, route?: a configured named route }`;

/** Validates a parsed claim body against `now` (epoch ms). Throws `invalid_request` naming the field. */
export function parseClaimBody(body: unknown, now: number): ClaimBody {
  const parsed = claimBodySchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, CLAIM_ACCEPTED);
  const { deadline } = parsed.data;
  const deadlineMs = typeof deadline === "number" ? deadline : Date.parse(deadline);
  if (!Number.isFinite(deadlineMs)) {
    throw new ContinuationError("invalid_request", `deadline: not a date; accepted: ${CLAIM_ACCEPTED}`);
  }
  if (deadlineMs <= now || deadlineMs > now + DEADLINE_MAX_MS) {
    throw new ContinuationError(
      "invalid_request",
      `deadline: must be in the future and at most 30 days ahead; accepted: ${CLAIM_ACCEPTED}`,
    );
  }
  return {
    taskKey: parsed.data.taskKey,
    taskHash: parsed.data.taskHash,
    deadlineMs,
    ...(parsed.data.route !== undefined ? { route: parsed.data.route } : {}),
  };
}

/** A detached claim (`POST /v1/continuations/detached/claim`): a claim whose `route` is required. */
export type DetachedClaimBody = ClaimBody & { route: string };

/** Validates a detached claim body: the claim fields, and a `route` naming where the result goes. */
export function parseDetachedClaimBody(body: unknown, now: number): DetachedClaimBody {
  const claim = parseClaimBody(body, now);
  if (claim.route === undefined)
    throw new ContinuationError(
      "invalid_request",
      `route: a detached claim needs a route from continuations.namedRoutes; accepted: ${CLAIM_ACCEPTED}`,
    );
  return { ...claim, route: claim.route };
}

const resultBodySchema = z.strictObject({
  idempotencyKey: z.string().min(1).max(IDEMPOTENCY_KEY_MAX_CHARS),
  payloadHash: z.string().min(1).max(80).optional(),
  payload: z.unknown(),
});

const RESULT_ACCEPTED = `{ idempotencyKey: 1..${IDEMPOTENCY_KEY_MAX_CHARS} chars, payloadHash?: sha256 hex of the canonical JSON payload, payload: any JSON value }`;

/** Validates a parsed result body. Throws `missing_payload` or `invalid_request`. */
export function parseResultBody(body: unknown): ResultBody {
  if (typeof body === "object" && body !== null && !Array.isArray(body) && !("payload" in body)) {
    throw new ContinuationError(
      "missing_payload",
      `the result body has no payload; accepted: ${RESULT_ACCEPTED}`,
    );
  }
  const parsed = resultBodySchema.safeParse(body);
  if (!parsed.success) throw invalid(parsed.error, RESULT_ACCEPTED);
  if (parsed.data.payload === undefined) {
    throw new ContinuationError(
      "missing_payload",
      `the result body has no payload; accepted: ${RESULT_ACCEPTED}`,
    );
  }
  return {
    idempotencyKey: parsed.data.idempotencyKey,
    payload: parsed.data.payload,
    ...(parsed.data.payloadHash !== undefined ? { payloadHash: parsed.data.payloadHash } : {}),
  };
}

/** `sha256:abc…` and `ABC…` both normalize to lowercase hex without prefix. */
export function normalizePayloadHash(hash: string): string {
  return hash.replace(/^sha256:/i, "").toLowerCase();
}
