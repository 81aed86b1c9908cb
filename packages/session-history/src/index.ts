export type { ToolOutcome } from "./classify-tool-outcome.js";
export { COLD_RESEED_HEADER, coldReseedProjection } from "./cold-reseed-projection.js";
export { type SessionRollover, type SessionScope, withoutRolloverBucket } from "./conversation-scope.js";
export { type ColdReseedMessage, type ColdReseedSource, createColdReseed } from "./create-cold-reseed.js";
export {
  createSessionHistoryObserver,
  type ObservedAgentEvent,
  type SessionHistoryObserver,
  type SessionHistoryObserverOptions,
} from "./create-session-history-observer.js";
export { callSessionHistory, createSessionHistoryServer } from "./create-session-history-server.js";
export { COLD_RESEED_MAX_BYTES, FOREGROUND_TIMEOUT_MS, PAYLOAD_MAX_BYTES } from "./limits.js";
export type { ObservedRun } from "./observed-run.js";
export type { ProjectedPayload } from "./project-tool-payload.js";
export type { RetentionOptions } from "./retention-options.js";
export type { SessionHistoryContext } from "./session-history-context.js";
export { SessionHistoryError, type SessionHistoryErrorCode } from "./session-history-error.js";
export type { SearchRequest } from "./session-history-request.js";
export type {
  CallOrderingKey,
  CallSearchQuery,
  SessionHistoryStore,
} from "./session-history-store.js";
export { isTerminalState, TERMINAL_STATES, type TerminalState } from "./terminal-state.js";
export { invocationWrite, resultWrite } from "./tool-lifecycle-records.js";
export type {
  InvocationWrite,
  ResultWrite,
  ToolCallIdentity,
  ToolLifecycleWrite,
} from "./tool-lifecycle-write.js";
export type {
  ArtifactReference,
  PersistenceErrorCode,
  PersistenceResult,
  RecordPhase,
  Tombstone,
  TombstoneReason,
  ToolCallSummary,
  ToolRecord,
} from "./tool-record.js";
