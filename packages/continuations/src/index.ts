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
  type ContinuationPoster,
  type ConversationChannelOptions,
  type ConversationChannelPort,
  createConversationChannel,
  type DeliveredContinuation,
  type DeliveryRecorder,
  RUN_HISTORY_FAILED,
} from "./conversation-channel.js";
export { type DeliveryLookups, storeDeliveryLookups } from "./delivery-lookups.js";
export {
  createModelTurnSynthesizer,
  type SynthesisModelTurn,
  type SynthesisTurnRequest,
  type SynthesisTurnResult,
} from "./model-turn-synthesizer.js";
export type { DeliveryResolution } from "./operator-bodies.js";
export {
  buildOriginContextSnapshot,
  type OriginContextBounds,
  type OriginContextSnapshot,
  type OriginMessage,
} from "./origin-context.js";
export {
  createOriginContextObserver,
  type OriginContextLifecycle,
  type OriginContextObserver,
  type OriginRun,
} from "./origin-context-observer.js";
export type { ResultBody } from "./protocol-bodies.js";
export { buildSynthesisPrompt, type SynthesisPrompt } from "./synthesis-prompt.js";
export { toOriginMessages } from "./to-origin-messages.js";
