export { type BoundRunRecordOptions, boundRunText, serializeRunEvent } from "./bound-run-event.js";
export {
  DAY_MS,
  RETENTION_BATCH_SIZE,
  RETENTION_SWEEP_INTERVAL_MS,
  RUN_CHECKPOINT_EVERY_EVENTS,
  RUN_CHECKPOINT_INTERVAL_MS,
  RUN_EVENT_MAX_BYTES,
  RUN_EVENTS_COUNT_CHECKPOINT_MAX_BYTES,
  RUN_EVENTS_MAX_BYTES,
  RUN_EVENTS_READ_MAX,
  RUN_ID_MAX_LENGTH,
  RUN_LIST_DEFAULT_LIMIT,
  RUN_LIST_MAX_LIMIT,
  RUN_PRIVATE_FIELD_MAX_BYTES,
  RUN_RECORD_MAX_STRING_BYTES,
  RUN_SUMMARY_MAX_SERVERS,
  RUN_SUMMARY_MAX_TOOL_NAMES,
  RUN_SUMMARY_MAX_WARNINGS,
} from "./limits.js";
export type { RunSearchFields, SettledRunSearchFields } from "./history-search-fields.js";
export { BAD_LINES_LISTED_MAX, parseRunEventLine, parseRunEvents } from "./parse-run-events.js";
export {
  type BadEventLine,
  RUN_EVENT_TYPES,
  type ReadRunEventsOptions,
  type RunEvent,
  type RunEventReader,
  type RunEventsRead,
  type RunTextBlock,
  type RunToolResultBlock,
  type RunToolUseBlock,
} from "./run-event.js";
export { RunHistoryError, type RunHistoryErrorCode } from "./run-history-error.js";
export type { RunHistoryContext, RunHistoryRollover } from "./run-history-context.js";
export {
  CANDIDATE_INSPECT_ACTIONS,
  OVERVIEW_MAX_SIGNALS,
  OVERVIEW_MAX_TOOL_NAMES,
  PROJECTED_STRING_MAX_BYTES,
  PROJECTED_VALUE_MAX_BYTES,
  RUN_HISTORY_DEFAULT_LIMIT,
  RUN_HISTORY_MAX_LIMIT,
  RUN_HISTORY_QUERY_MAX_BYTES,
  RUN_HISTORY_RUN_ID_MAX_BYTES,
  SEARCH_CACHE_MAX_RUNS,
  SEARCH_SCAN_MAX_RUNS,
  TIMELINE_PAGE_MAX_BYTES,
  TIMELINE_PAGE_MAX_ENTRIES,
  TRIGGER_METADATA_MAX_BYTES,
} from "./run-history-limits.js";
export type {
  RunHistoryAction,
  RunHistoryNavigation,
  RunHistoryRelatedTool,
} from "./run-history-navigation.js";
export { RUN_HISTORY_ARGUMENT_NAMES, RUN_HISTORY_ACTIONS } from "./run-history-request.js";
export { RUN_HISTORY_NOTICE, RUN_HISTORY_TOOL_ERROR_CODES } from "./run-history-result.js";
export {
  callRunHistory,
  createRunHistoryServer,
  RUN_HISTORY_INPUT_SCHEMA,
  RUN_HISTORY_TOOL_NAME,
} from "./run-history-server.js";
export {
  type CachedSearchRun,
  createRunSearchCache,
  type RunSearchCache,
  type RunSearchScope,
} from "./run-history-search-cache.js";
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
  isRunStatus,
  isTerminalRunStatus,
  PROCESS_DEATH_FAILURE_KIND,
  RUN_STATUSES,
  type RunStatus,
  type TerminalRunStatus,
} from "./run-status.js";
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
export { OTHER_TOOLS_NAME, RunToolTally } from "./tally-run-tools.js";
