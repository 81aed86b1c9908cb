// Limits of the run record (recorder, events file, run store lists). The RunHistory tool's own limits
// (search, pages, timelines) are in run-history-limits.ts.
/** Per-string byte cap of recorded events and bounded summary text: reference §4.1 (recorder default 4,096). */
export const RUN_RECORD_MAX_STRING_BYTES = 4_096;

/** New events that force a checkpoint of the events file: reference §4.1 ("after 25 new events"). */
export const RUN_CHECKPOINT_EVERY_EVENTS = 25;

/** Time from the first uncheckpointed event to its checkpoint: reference §4.1 ("or 5 s"). */
export const RUN_CHECKPOINT_INTERVAL_MS = 5_000;

/**
 * Largest events file the recorder writes and the reader reads, in bytes: reference §4.1 (the reader
 * accepts an event artifact of at most 16 MiB). Events past it are counted, not written.
 */
export const RUN_EVENTS_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Events-file size past which checkpoints are time-based only (every 5 s): each checkpoint rewrites the
 * whole file (temp + rename), so a long run rewrites a large file at most once per interval instead of
 * every 25 events. 1 MiB is a few hundred typical events.
 */
export const RUN_EVENTS_COUNT_CHECKPOINT_MAX_BYTES = 1024 * 1024;

/** Largest single event line, in bytes; a bigger event is re-projected smaller (16 strings at the cap). */
export const RUN_EVENT_MAX_BYTES = 64 * 1024;

/** Events a head-tail read returns: reference §4.1/§4.3 (event read cap 500, head-tail). */
export const RUN_EVENTS_READ_MAX = 500;

/** Warnings kept in a summary (each message bounded); a run with more keeps the first ones and a count. */
export const RUN_SUMMARY_MAX_WARNINGS = 50;

/** Tool names counted one by one in a summary: reference §4.3 (tool summary ≤ 20 names); the rest are pooled. */
export const RUN_SUMMARY_MAX_TOOL_NAMES = 20;

/** MCP server names kept in a summary; mono-agent connects far fewer per run. */
export const RUN_SUMMARY_MAX_SERVERS = 100;

/** Bytes of a private field kept (the system prompt, provider session metadata, recalled memory). */
export const RUN_PRIVATE_FIELD_MAX_BYTES = 256 * 1024;

/** Runs one list call returns when no limit is given: reference §4.1 (listRecordedRuns maxRuns 50). */
export const RUN_LIST_DEFAULT_LIMIT = 50;

/** Most runs one list call returns: a page the RunHistory search can scan in one pass. */
export const RUN_LIST_MAX_LIMIT = 1_000;

/** Longest run id, in characters (SPEC §0; the rule lives in @mono-agent/ids). */
export { RUN_ID_MAX_LENGTH } from "@mono-agent/ids";

/** Runs deleted per retention batch; the sweep yields between batches so a large backlog never blocks. */
export const RETENTION_BATCH_SIZE = 500;

/** Interval of the periodic retention sweep: reference §4.1 ("periodic (hourly) sweep"). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1_000;

/** Milliseconds in a day, for `maxAgeDays`. */
export const DAY_MS = 24 * 60 * 60 * 1_000;
