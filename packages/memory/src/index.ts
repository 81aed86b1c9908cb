export type { JournalEntry } from "./journal-entry.js";
export {
  createMemoryJournalRunState,
  type JournalSnapshot,
  type MemoryJournalRunState,
} from "./journal-run-state.js";
export { RECALL_DEFAULT_LIMIT, RECALL_MAX_LIMIT } from "./limits.js";
export {
  formatBullet,
  type MemoryBullet,
  type MemoryStatus,
  type MemoryType,
  parseBullets,
} from "./memory-bullet.js";
export { MemoryError, type MemoryErrorCode } from "./memory-error.js";
export {
  createMemoryJournalServer,
  MEMORY_JOURNAL_SERVER_NAME,
  type MemoryJournalServerContext,
} from "./memory-journal-server.js";
export {
  createMemoryRecallServer,
  MEMORY_RECALL_SERVER_NAME,
  type MemoryRecallServerContext,
} from "./memory-recall-server.js";
export type {
  JournalBrowseResult,
  JournalRecord,
  MemoryHit,
  MemoryStore,
  MemoryStoreCapabilities,
  RecallResult,
  RememberOutcome,
} from "./memory-store.js";
export { createRememberServer, type RememberServerContext } from "./remember-server.js";
