export { canonicalJson } from "./canonical-json.js";
export {
  CONTINUATION_HTTP_STATUS,
  ContinuationError,
  type ContinuationErrorCode,
} from "./continuation-error.js";
export {
  type ContinuationHealth,
  type ContinuationHealthStatus,
  continuationHealth,
} from "./continuation-health.js";
export {
  CAPTURED_TEXT_MAX_AGE_MS_DEFAULT,
  CAPTURED_TEXT_MAX_RECORDS_DEFAULT,
  CLAIM_BODY_MAX_BYTES,
  CLAIM_CAPABILITY_TTL_MS,
  DEADLINE_MAX_MS,
  DELIVERY_ATTEMPTS_MAX,
  DELIVERY_BACKOFF_INITIAL_MS,
  DELIVERY_BACKOFF_MAX_MS,
  IDEMPOTENCY_KEY_MAX_CHARS,
  LAST_ERROR_MAX_CHARS,
  LEASE_MS,
  NO_ACTION_MARKER,
  OPERATOR_BODY_MAX_BYTES,
  OPERATOR_PAGE_DEFAULT,
  OPERATOR_PAGE_MAX,
  ORIGIN_CONTEXT_MAX_MESSAGES,
  ORIGIN_CONTEXT_MESSAGE_MAX_BYTES,
  ORIGIN_CONTEXT_QUOTA_BYTES,
  ORIGIN_CONTEXT_TOTAL_MAX_BYTES,
  RESULT_BODY_MAX_BYTES,
  RETENTION_SWEEP_INTERVAL_MS,
  SERVICE_NAME_PATTERN,
  SERVICE_TOKEN_MIN_CHARS,
  SHARED_LEASE_MS,
  SYNTHESIZED_TEXT_MAX_CHARS,
  TASK_HASH_MAX_CHARS,
  TASK_KEY_MAX_CHARS,
  TERMINAL_MAX_AGE_MS_DEFAULT,
  TERMINAL_MAX_RECORDS_DEFAULT,
  WORKER_TICK_MS,
} from "./continuation-limits.js";
export type {
  ContinuationChannel,
  ContinuationDeliveryOrigin,
  ContinuationDeliveryOutcome,
  ContinuationDeliveryRequest,
  ContinuationSynthesisRequest,
  ContinuationSynthesizer,
  SynthesisUsage,
} from "./continuation-ports.js";
export type { CompletionKind, ContinuationRecord, DeliveryReceipt } from "./continuation-record.js";
export {
  ACTIVE_STATES,
  assertTransition,
  CONTINUATION_MODES,
  CONTINUATION_STATES,
  CONTINUATION_TRANSITIONS,
  type ContinuationMode,
  type ContinuationState,
  isContinuationState,
  isTerminalState,
  ORIGIN_CONTEXT_STATES,
  type OriginContextState,
  TERMINAL_STATES,
} from "./continuation-states.js";
export { deliveryBackoffMs } from "./delivery-backoff.js";
export {
  type DeliveryResolution,
  parseCancelBody,
  parseListQuery,
  parseResolutionBody,
  parseRetryBody,
} from "./operator-bodies.js";
export {
  buildOriginContextSnapshot,
  type OriginContextBounds,
  type OriginContextSnapshot,
  type OriginMessage,
} from "./origin-context.js";
export {
  type ClaimBody,
  type DetachedClaimBody,
  normalizePayloadHash,
  parseClaimBody,
  parseDetachedClaimBody,
  parseResultBody,
  type ResultBody,
} from "./protocol-bodies.js";
export {
  buildSynthesisPrompt,
  originContextUnavailableText,
  type SynthesisPrompt,
} from "./synthesis-prompt.js";
