export { type BoundRunRecordOptions, serializeRunEvent } from "./bound-run-event.js";
export type { RunSearchFields, SettledRunSearchFields } from "./history-search-fields.js";
export type {
  BadEventLine,
  ReadRunEventsOptions,
  RunEvent,
  RunEventReader,
  RunEventsRead,
  RunTextBlock,
  RunToolResultBlock,
  RunToolUseBlock,
} from "./run-event.js";
export type { RunEventBatch, RunEventSink } from "./run-event-sink.js";
export type { RunHistoryContext, RunHistoryRollover } from "./run-history-context.js";
export { RunHistoryError, type RunHistoryErrorCode } from "./run-history-error.js";
export { SEARCH_CACHE_MAX_RUNS } from "./run-history-limits.js";
export { RUN_HISTORY_TOOL_ERROR_CODES } from "./run-history-result.js";
export {
  type CachedSearchRun,
  createRunSearchCache,
  type RunSearchCache,
  type RunSearchScope,
} from "./run-history-search-cache.js";
export { callRunHistory, createRunHistoryServer } from "./run-history-server.js";
export { searchTermsOf } from "./run-history-terms.js";
export {
  assertConversationId,
  assertRunId,
  CONVERSATION_ID_MAX_LENGTH,
  logicalConversationId,
  RUN_ID_PATTERN,
  rolloverBucket,
} from "./run-ids.js";
export {
  DAY_MS,
  RETENTION_SWEEP_INTERVAL_MS,
  RUN_CHECKPOINT_EVERY_EVENTS,
  RUN_CHECKPOINT_INTERVAL_MS,
  RUN_EVENTS_READ_MAX,
  RUN_ID_MAX_LENGTH,
  RUN_LIST_MAX_LIMIT,
} from "./run-record-limits.js";
export { isRunStatus, RUN_STATUSES, type RunStatus, type TerminalRunStatus } from "./run-status.js";
export type {
  ListRunsQuery,
  RetentionSelection,
  RunCompletion,
  RunningRun,
  RunOwner,
  RunPage,
  RunProgress,
  RunStart,
  RunStore,
  SettledRunsPosition,
  SettledRunsQuery,
  SettledRunsSince,
} from "./run-store.js";
export type {
  RunPrivateFields,
  RunSummary,
  RunToolCount,
  RunUsage,
  RunWarning,
} from "./run-summary.js";
export { runsOfConversationQuery } from "./runs-of-conversation-query.js";
