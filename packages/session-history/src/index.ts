export { classifyToolOutcome, type ToolOutcome } from "./classify-tool-outcome.js";
export {
  COLD_RESEED_HEADER,
  coldReseedOmissionMarker,
  coldReseedProjection,
} from "./cold-reseed-projection.js";
export {
  isInScope,
  logicalConversationOf,
  type SessionRollover,
  type SessionScope,
  withoutRolloverBucket,
} from "./conversation-scope.js";
export {
  callSessionHistory,
  createSessionHistoryServer,
  SESSION_HISTORY_TOOL_NAME,
} from "./create-session-history-server.js";
export {
  CHUNK_DEFAULT_BYTES,
  CHUNK_MAX_BYTES,
  COLD_RESEED_MAX_BYTES,
  FAILURE_COOLDOWN_INITIAL_MS,
  FAILURE_COOLDOWN_MAX_MS,
  FILTER_MAX_VALUES,
  FILTER_VALUE_MAX_BYTES,
  FOREGROUND_TIMEOUT_MS,
  PAYLOAD_MAX_BYTES,
  PREVIEW_MAX_BYTES,
  QUERY_MAX_BYTES,
  RECORD_ID_MAX_BYTES,
  RETENTION_MAX_AGE_MS,
  RETENTION_MAX_BYTES,
  RETENTION_MAX_COMPLETED_CALLS,
  RETENTION_MAX_TOMBSTONES,
  RETENTION_TOMBSTONE_MAX_AGE_MS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
} from "./limits.js";
export {
  nestedHistoryPayload,
  type ProjectedPayload,
  type ProjectToolPayloadOptions,
  projectToolPayload,
} from "./project-tool-payload.js";
export { type ResolvedRetention, type RetentionOptions, resolveRetention } from "./retention-options.js";
export { type SessionHistoryContext, scopeOf } from "./session-history-context.js";
export { SessionHistoryError, type SessionHistoryErrorCode } from "./session-history-error.js";
export type { SessionHistoryAction, SessionHistoryNavigation } from "./session-history-navigation.js";
export {
  type GetRequest,
  parseSessionHistoryRequest,
  SESSION_HISTORY_ARGUMENT_NAMES,
  type SearchRequest,
} from "./session-history-request.js";
export {
  type CallOrderingKey,
  type CallSearchQuery,
  isTombstone,
  type SessionHistoryStore,
} from "./session-history-store.js";
export {
  classifyTerminalState,
  isTerminalState,
  TERMINAL_STATES,
  type TerminalClassification,
  type TerminalState,
} from "./terminal-state.js";
export { SESSION_HISTORY_NOTICE } from "./tool-call-result.js";
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
