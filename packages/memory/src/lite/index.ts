export { type CanonicalFile, canonicalSourceFingerprint, listCanonicalFiles } from "./canonical-source.js";
export { contentHash } from "./content-hash.js";
export {
  applyForget,
  assertAgentStopped,
  type ForgetBackupManifest,
  pruneForgetBackups,
  restoreForget,
} from "./forget-apply.js";
export { FORGET_REASON_PATTERN, type ForgetPlan, prepareForget, readForgetPlan } from "./forget-plan.js";
export { inspectLiteMemory, type LiteMemoryReport } from "./inspect-lite-memory.js";
export { type LiteMemoryStore, type LiteMemoryStoreOptions, openLiteMemoryStore } from "./lite-store.js";
export {
  DAILY_DIR,
  dailySource,
  FORGET_BACKUP_PREFIX,
  INDEX_DIR,
  INDEX_FILE,
  MAINTENANCE_FILE,
  utcDate,
  WRITER_LOCK_FILE,
} from "./memory-paths.js";
export { runningAgentPid } from "./runtime-marker.js";
export { acquireWriterLock, readWriterLock, type WriterLock, type WriterLockRecord } from "./writer-lock.js";
