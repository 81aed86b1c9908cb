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
export { OPERATOR_PAGE_MAX, RETENTION_SWEEP_INTERVAL_MS } from "./continuation-limits.js";
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
  CONTINUATION_MODES,
  CONTINUATION_STATES,
  type ContinuationMode,
  type ContinuationState,
  isTerminalState,
  ORIGIN_CONTEXT_STATES,
  type OriginContextState,
  TERMINAL_STATES,
} from "./continuation-states.js";
export {
  buildOriginContextSnapshot,
  type OriginContextBounds,
  type OriginContextSnapshot,
  type OriginMessage,
} from "./origin-context.js";
export type { DeliveryResolution } from "./operator-bodies.js";
export type { ResultBody } from "./protocol-bodies.js";
export { buildSynthesisPrompt, type SynthesisPrompt } from "./synthesis-prompt.js";
