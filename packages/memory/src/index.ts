export { type JournalRange, resolveJournalRange } from "./journal-date-range.js";
export { type JournalEntry, projectJournalEntry } from "./journal-entry.js";
export { type JournalErrorCode, type JournalFailure, JOURNAL_UNAVAILABLE_MESSAGE } from "./journal-error.js";
export {
  createMemoryJournalRunState,
  type JournalSnapshot,
  type MemoryJournalRunState,
} from "./journal-run-state.js";
export {
  FORGET_BACKUP_MAX_AGE_DAYS,
  FORGET_BACKUPS_KEPT,
  FORGET_MAX_IDS,
  JOURNAL_DEFAULT_LIMIT,
  JOURNAL_ENTRY_TEXT_MAX_BYTES,
  JOURNAL_MAX_LIMIT,
  JOURNAL_MAX_RANGE_DAYS,
  JOURNAL_MAX_SNAPSHOTS_PER_RUN,
  JOURNAL_PAGE_MAX_BYTES,
  JOURNAL_SNAPSHOT_MAX_BYTES,
  JOURNAL_SNAPSHOT_MAX_ENTRIES,
  RECALL_DEFAULT_LIMIT,
  RECALL_MAX_LIMIT,
  RECALL_QUERY_MAX_BYTES,
  REMEMBER_TEXT_MAX_CHARS,
  RUNTIME_MARKER_HEARTBEAT_MS,
  RUNTIME_MARKER_STALE_MS,
  WRITER_LOCK_STALE_MS,
  WRITER_LOCK_WAIT_MS,
} from "./limits.js";
export {
  DEFAULT_SALIENCE,
  type DailyFileLine,
  dailyFileHeader,
  formatBullet,
  formatDailyFile,
  type MemoryBullet,
  type MemoryStatus,
  type MemoryType,
  parseBullets,
  parseDailyFile,
} from "./memory-bullet.js";
export { MemoryError, type MemoryErrorCode } from "./memory-error.js";
export {
  createMemoryJournalServer,
  JOURNAL_EVIDENCE_KIND,
  MEMORY_JOURNAL_DESCRIPTION,
  MEMORY_JOURNAL_SERVER_NAME,
  type MemoryJournalServerContext,
} from "./memory-journal-server.js";
export {
  createMemoryRecallServer,
  MEMORY_RECALL_DESCRIPTION,
  MEMORY_RECALL_SERVER_NAME,
  type MemoryRecallServerContext,
  RUN_HISTORY_HANDOFF,
} from "./memory-recall-server.js";
export type {
  JournalBrowseResult,
  JournalRecord,
  MemoryHit,
  MemoryStore,
  MemoryStoreCapabilities,
  RememberOutcome,
} from "./memory-store.js";
export {
  MEMORY_META_MARKER,
  memoryTextLength,
  normalizeMemoryText,
  normalizeRememberText,
} from "./normalize-memory-text.js";
export {
  createRememberServer,
  REMEMBER_DESCRIPTION,
  REMEMBER_SERVER_NAME,
  type RememberServerContext,
} from "./remember-server.js";
