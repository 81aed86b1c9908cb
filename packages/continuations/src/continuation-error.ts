/**
 * Codes carried by {@link ContinuationError}. The protocol codes are the `error.code` of an HTTP
 * answer (reference §7.2); the others come from the store and the operator actions.
 *
 * - `invalid_claim_capability` (401): the claim bearer is missing, unknown, expired or released.
 * - `invalid_result_token` (401): the result bearer does not belong to this continuation.
 * - `invalid_service_capability` (401): a detached claim without a configured service name and its bearer.
 * - `invalid_operator_capability` (401): an operator API request without the operator bearer.
 * - `invalid_request` (400): a body field is missing or out of range; the message names it.
 * - `invalid_json` (400): the body is not a JSON object.
 * - `body_too_deep` (400): the body nests arrays and objects deeper than the depth cap (64 levels).
 * - `body_too_large` (413): the body is over its limit (claim 16 KiB, result 256 KiB).
 * - `missing_payload` (400): a result body without `payload`.
 * - `payload_hash_mismatch` (400): `payloadHash` is not the SHA-256 of the canonical payload.
 * - `claim_conflict` (409): the same task key was claimed with another hash, deadline or route.
 * - `result_conflict` (409): another result was already accepted for this continuation.
 * - `result_not_accepted` (409): the continuation no longer takes a result (cancelled, ...).
 * - `continuation_expired` (410): the deadline passed before the result arrived.
 * - `unknown_named_route` (403): the claim names a route that `continuations.namedRoutes` lacks.
 * - `active_continuation_limit` / `active_origin_limit` (429): admission limits are reached.
 * - `service_stopping` (503), `not_found` (404), `method_not_allowed` (405), `internal_error` (500).
 * - `wrong_host` (421): the `Host` header is not the service's loopback address (a DNS-rebinding page).
 * - `invalid_transition` (409 on the operator API): an operator action does not apply to the record's state.
 * - `record_busy` (409 on the operator API): a process holds the record's lease; try again after it settles.
 * - `unknown_continuation` (404 on the operator API): no record with that id.
 * - `invalid_resolution` (400): `resolve` needs delivered (with a delivery id), not_delivered or dead_lettered.
 * - `store_locked`: another live process owns the store.
 * - `store_failed`: the store cannot be opened, migrated, read or written, or its files are unsafe.
 * - `origin_context_failed`: the origin-context snapshot cannot be stored.
 * - `invalid_argument` (400 on the operator API): an option or query parameter is out of range; the
 *   message names what is accepted.
 */
export type ContinuationErrorCode =
  | "invalid_claim_capability"
  | "invalid_result_token"
  | "invalid_service_capability"
  | "invalid_operator_capability"
  | "invalid_request"
  | "invalid_json"
  | "body_too_deep"
  | "body_too_large"
  | "missing_payload"
  | "payload_hash_mismatch"
  | "claim_conflict"
  | "result_conflict"
  | "result_not_accepted"
  | "continuation_expired"
  | "unknown_named_route"
  | "active_continuation_limit"
  | "active_origin_limit"
  | "service_stopping"
  | "not_found"
  | "method_not_allowed"
  | "internal_error"
  | "wrong_host"
  | "invalid_transition"
  | "record_busy"
  | "unknown_continuation"
  | "invalid_resolution"
  | "store_locked"
  | "store_failed"
  | "origin_context_failed"
  | "invalid_argument";

const BRAND = Symbol.for("@mono-agent/continuations/ContinuationError");

/** The one error class of `@mono-agent/continuations`. Check with {@link ContinuationError.isInstance}. */
export class ContinuationError extends Error {
  readonly code: ContinuationErrorCode;
  readonly [BRAND] = true;

  constructor(code: ContinuationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContinuationError";
    this.code = code;
  }

  /** True for a ContinuationError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is ContinuationError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** The HTTP status of each protocol error code (reference §7.2). */
export const CONTINUATION_HTTP_STATUS: Readonly<Partial<Record<ContinuationErrorCode, number>>> = {
  invalid_claim_capability: 401,
  invalid_result_token: 401,
  invalid_service_capability: 401,
  invalid_operator_capability: 401,
  invalid_request: 400,
  invalid_json: 400,
  body_too_deep: 400,
  body_too_large: 413,
  missing_payload: 400,
  payload_hash_mismatch: 400,
  claim_conflict: 409,
  result_conflict: 409,
  result_not_accepted: 409,
  continuation_expired: 410,
  unknown_named_route: 403,
  active_continuation_limit: 429,
  active_origin_limit: 429,
  service_stopping: 503,
  not_found: 404,
  method_not_allowed: 405,
  internal_error: 500,
  wrong_host: 421,
  invalid_transition: 409,
  record_busy: 409,
  unknown_continuation: 404,
  invalid_resolution: 400,
  invalid_argument: 400,
};
