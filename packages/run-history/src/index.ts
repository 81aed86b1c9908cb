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
} from "./run-store.js";
export type {
  RunPrivateFields,
  RunSummary,
  RunToolCount,
  RunUsage,
  RunWarning,
} from "./run-summary.js";
export { OTHER_TOOLS_NAME, RunToolTally } from "./tally-run-tools.js";
