import { ContinuationError } from "../continuation-error.js";
import type { ContinuationHealth } from "../continuation-health.js";
import { OPERATOR_BODY_MAX_BYTES } from "../continuation-limits.js";
import type { ContinuationRecord } from "../continuation-record.js";
import { parseCancelBody, parseListQuery, parseResolutionBody, parseRetryBody } from "../operator-bodies.js";
import { sameSecret, tokenDigest } from "./continuation-tokens.js";
import type { ContinuationStore } from "./open-continuation-store.js";
import {
  cancelContinuation,
  readContinuationHealth,
  resolveContinuationDelivery,
  retryContinuation,
} from "./operator-actions.js";
import { readJsonBody } from "./read-json-body.js";

/** The path prefix of the operator API. */
export const OPERATOR_PATH_PREFIX = "/v1/operator/";

/** What the operator routes need from the service. */
export interface OperatorRouteContext {
  store: ContinuationStore;
  /** Digest of the operator bearer (see `operatorToken`). */
  operatorTokenDigest: string;
  /** `continuations.limits.operatorPageSize`: the list page without `?limit`. */
  operatorPageSize: number;
  now(): number;
  /** Extra health fields (retention). */
  healthExtras(): Record<string, unknown>;
  /** Called after an operator action changed a record (wakes the worker). */
  onChange(): void;
}

/** The health answer: the store's health and the service's retention. */
export type OperatorHealth = ContinuationHealth & Record<string, unknown>;

const ACTION_PATH = /^\/v1\/operator\/continuations\/([0-9a-f-]{36})\/(retry|cancel|resolve)$/;

function requireMethod(method: string, allowed: string, path: string): void {
  if (method !== allowed) throw new ContinuationError("method_not_allowed", `use ${allowed} for ${path}`);
}

/**
 * The operator API (reference §7.2), after the operator bearer is checked in constant time (401
 * `invalid_operator_capability` otherwise, before anything is read or changed): health, the keyset
 * list, and retry / cancel / resolve through the same actions as the CLI.
 */
export async function operatorRoute(
  context: OperatorRouteContext,
  request: Request,
  url: URL,
  bearer: string,
): Promise<[number, unknown]> {
  if (bearer === "" || !sameSecret(tokenDigest(bearer), context.operatorTokenDigest))
    throw new ContinuationError("invalid_operator_capability", "missing or invalid operator bearer");
  const method = request.method;
  const path = url.pathname;
  if (path === "/v1/operator/health") {
    requireMethod(method, "GET", path);
    const health: OperatorHealth = { ...readContinuationHealth(context.store), ...context.healthExtras() };
    return [200, health];
  }
  if (path === "/v1/operator/continuations") {
    requireMethod(method, "GET", path);
    return [200, context.store.list(parseListQuery(url.searchParams, context.operatorPageSize))];
  }
  const match = ACTION_PATH.exec(path);
  if (!match) throw new ContinuationError("not_found", `no operator route ${method} ${path}`);
  requireMethod(method, "POST", path);
  const [, continuationId = "", action] = match;
  const body = await readJsonBody(request, OPERATOR_BODY_MAX_BYTES, { emptyIsObject: true });
  const now = context.now();
  let record: ContinuationRecord;
  if (action === "retry") {
    record = retryContinuation(context.store, continuationId, { ...parseRetryBody(body), now });
  } else if (action === "cancel") {
    parseCancelBody(body);
    record = cancelContinuation(context.store, continuationId, now);
  } else {
    record = resolveContinuationDelivery(context.store, continuationId, parseResolutionBody(body), now);
  }
  context.onChange();
  return [200, { record }];
}
