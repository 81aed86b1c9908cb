import { randomUUID } from "node:crypto";
import { ContinuationError } from "../continuation-error.js";
import { LAST_ERROR_MAX_CHARS } from "../continuation-limits.js";
import type { ContinuationMode } from "../continuation-states.js";
import { type ClaimBody, normalizePayloadHash, type ResultBody } from "../protocol-bodies.js";
import type { LiveCapability } from "./claim-capabilities.js";
import { payloadHash, resultToken, sameSecret, tokenDigest } from "./continuation-tokens.js";
import type { ContinuationStore } from "./open-continuation-store.js";
import type { ContinuationRow } from "./record-row.js";

/** A named destination from `continuations.namedRoutes`. */
export interface NamedRoute {
  mode: Exclude<ContinuationMode, "reply">;
  conversationId?: string;
}

/** What the protocol handlers need from the service. */
export interface ProtocolContext {
  store: ContinuationStore;
  secret: Buffer;
  /** Base URL of the service (`http://127.0.0.1:<port>`). */
  baseUrl: string;
  namedRoutes: Readonly<Record<string, NamedRoute>>;
  maxActiveRecords: number;
  maxActivePerOrigin: number;
}

/** The 200 answer of a claim (reference §7.2). */
export interface ClaimResponse {
  continuationId: string;
  resultUrl: string;
  statusUrl: string;
  token: string;
  expiresAt: string;
  fingerprint: string;
  replayed?: true;
}

function claimResponse(context: ProtocolContext, row: ContinuationRow, replayed: boolean): ClaimResponse {
  const base = `${context.baseUrl}/v1/continuations/${row.continuationId}`;
  return {
    continuationId: row.continuationId,
    resultUrl: `${base}/result`,
    statusUrl: `${base}/status`,
    token: resultToken(context.secret, row.continuationId, row.taskHash),
    expiresAt: new Date(row.deadlineMs).toISOString(),
    fingerprint: row.fingerprint,
    ...(replayed ? { replayed: true as const } : {}),
  };
}

/** Where a claim comes from and where its result goes, decided by the host (never by the body). */
export interface ClaimOrigin {
  /** The claiming MCP server, or the detached service. */
  serverName: string;
  originRunId: string;
  originConversationId: string;
  replyTo: string | null;
  historyBoundary: string;
  mode: ContinuationMode;
  routeName: string | null;
  destinationConversationId: string | null;
  fingerprint: string;
  originContextState: "pending" | "detached_latest";
}

/** The configured route of a claim body, or `unknown_named_route` naming the configured ones. */
export function namedRouteOf(context: ProtocolContext, routeName: string): NamedRoute {
  const route = Object.hasOwn(context.namedRoutes, routeName) ? context.namedRoutes[routeName] : undefined;
  if (route === undefined) {
    const known = Object.keys(context.namedRoutes);
    throw new ContinuationError(
      "unknown_named_route",
      `route "${routeName}" is not in continuations.namedRoutes; configured: ${known.length ? known.join(", ") : "none"}`,
    );
  }
  return route;
}

/**
 * Admits a claim: the same (server, origin run, taskKey) with the same hash, fingerprint, deadline and
 * route replays the first answer; anything else about it is `claim_conflict`. A new claim must fit the
 * admission limits (whole store, then per fingerprint). One transaction: a refused claim stores nothing.
 */
export function admitClaim(
  context: ProtocolContext,
  origin: ClaimOrigin,
  body: ClaimBody,
  now: number,
  /** The stored result-token digest, when the host settles the record itself (a handed-off task). */
  resultTokenDigest?: string,
): ClaimResponse {
  return context.store.transaction(() => {
    const existing = context.store.findByTask(origin.serverName, origin.originRunId, body.taskKey);
    if (existing) {
      const same =
        existing.taskHash === body.taskHash &&
        existing.fingerprint === origin.fingerprint &&
        existing.deadlineMs === body.deadlineMs &&
        existing.routeName === origin.routeName;
      if (!same)
        throw new ContinuationError(
          "claim_conflict",
          `task "${body.taskKey}" was already claimed with another taskHash, deadline or route`,
        );
      return claimResponse(context, existing, true);
    }
    if (context.store.countActive() >= context.maxActiveRecords)
      throw new ContinuationError(
        "active_continuation_limit",
        `the store holds ${context.maxActiveRecords} active continuations (continuations.limits.maxActiveRecords); retry later`,
      );
    if (context.store.countActive(origin.fingerprint) >= context.maxActivePerOrigin)
      throw new ContinuationError(
        "active_origin_limit",
        `this origin holds ${context.maxActivePerOrigin} active continuations (continuations.limits.maxActivePerOrigin)`,
      );
    const continuationId = randomUUID();
    context.store.insert({
      continuationId,
      state: "claimed",
      ...origin,
      taskKey: body.taskKey,
      taskHash: body.taskHash,
      deadlineMs: body.deadlineMs,
      resultTokenDigest:
        resultTokenDigest ?? tokenDigest(resultToken(context.secret, continuationId, body.taskHash)),
      claimedAtMs: now,
      updatedAtMs: now,
    });
    return claimResponse(context, context.store.row(continuationId) as ContinuationRow, false);
  });
}

/** Claims a continuation for an open request-bound capability (its named route, if any, decides mode and destination). */
export function claimContinuation(
  context: ProtocolContext,
  capability: LiveCapability,
  body: ClaimBody,
  now: number,
): ClaimResponse {
  const { binding } = capability;
  const route = body.route === undefined ? undefined : namedRouteOf(context, body.route);
  const mode = route?.mode ?? binding.mode;
  const destination = mode === "silent" ? undefined : (route?.conversationId ?? binding.replyTo);
  return admitClaim(
    context,
    {
      serverName: binding.serverName,
      originRunId: binding.runId,
      originConversationId: binding.originConversationId,
      replyTo: binding.replyTo ?? null,
      historyBoundary: binding.historyBoundary,
      mode,
      routeName: body.route ?? null,
      destinationConversationId: destination ?? null,
      fingerprint: capability.fingerprint,
      originContextState: "pending",
    },
    body,
    now,
  );
}

/** The row a result or status bearer unlocks; `invalid_result_token` for any mismatch (no id probing). */
export function authorizeResultToken(
  context: ProtocolContext,
  continuationId: string,
  bearer: string,
): ContinuationRow {
  const row = context.store.row(continuationId);
  if (!row || bearer === "" || !sameSecret(tokenDigest(bearer), row.resultTokenDigest))
    throw new ContinuationError(
      "invalid_result_token",
      "missing or invalid result token for this continuation",
    );
  return row;
}

/** The 202 answer of a result. */
export interface ResultResponse {
  continuationId: string;
  state: string;
  accepted: true;
  replayed?: true;
}

/**
 * Accepts an immutable result. An identical re-submission (same idempotency key and payload) replays;
 * any other result after the first is `result_conflict`; a result past the deadline expires the record.
 */
export function submitResult(
  context: ProtocolContext,
  continuationId: string,
  body: ResultBody,
  now: number,
): ResultResponse {
  const hash = payloadHash(body.payload);
  if (body.payloadHash !== undefined && normalizePayloadHash(body.payloadHash) !== hash)
    throw new ContinuationError(
      "payload_hash_mismatch",
      "payloadHash is not the SHA-256 (hex) of the canonical JSON of payload (keys sorted, no whitespace)",
    );
  const outcome = context.store.transaction((): ResultResponse | { expiredAtMs: number } => {
    const row = context.store.row(continuationId) as ContinuationRow;
    if (row.resultPayloadHash !== null) {
      if (row.resultIdempotencyKey === body.idempotencyKey && row.resultPayloadHash === hash)
        return { continuationId, state: row.state, accepted: true as const, replayed: true as const };
      throw new ContinuationError(
        "result_conflict",
        "another result was already accepted for this continuation",
      );
    }
    if (row.state === "claimed" && now > row.deadlineMs) {
      context.store.update(continuationId, ["claimed"], { state: "expired" }, { now });
      return { expiredAtMs: row.deadlineMs };
    }
    if (row.state === "expired") return { expiredAtMs: row.deadlineMs };
    if (row.state !== "claimed")
      throw new ContinuationError(
        "result_not_accepted",
        `the continuation is ${row.state} and takes no result`,
      );
    const updated = context.store.update(
      continuationId,
      ["claimed"],
      {
        state: "result_received",
        resultIdempotencyKey: body.idempotencyKey,
        resultPayloadHash: hash,
        resultPayloadJson: JSON.stringify(body.payload),
        resultReceivedAtMs: now,
      },
      { now },
    );
    if (!updated)
      throw new ContinuationError("result_not_accepted", "the continuation is busy; retry the same result");
    return { continuationId, state: updated.state, accepted: true as const };
  });
  if ("expiredAtMs" in outcome) throw expired(outcome.expiredAtMs);
  return outcome;
}

function expired(deadlineMs: number): ContinuationError {
  return new ContinuationError(
    "continuation_expired",
    `the deadline ${new Date(deadlineMs).toISOString()} has passed; the continuation expired`,
  );
}

/** The status answer (reference §7.2): state, attempts, bounded last error, receipt. */
export function continuationStatus(row: ContinuationRow) {
  return {
    continuationId: row.continuationId,
    state: row.state,
    expiresAt: new Date(row.deadlineMs).toISOString(),
    attempts: { synthesis: row.synthesisAttempts, delivery: row.deliveryAttempts },
    ...(row.lastErrorCode !== null
      ? {
          lastError: {
            code: row.lastErrorCode,
            message: (row.lastErrorMessage ?? "").slice(0, LAST_ERROR_MAX_CHARS),
          },
        }
      : {}),
    ...(row.receiptJson !== null ? { receipt: JSON.parse(row.receiptJson) as unknown } : {}),
  };
}
