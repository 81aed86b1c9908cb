export {
  acceptArtifacts,
  isArtifactAvailable,
  runToolOutputDir,
  type StoredArtifact,
} from "./artifact-paths.js";
export {
  MAINTENANCE_CEILING_MS,
  type OpenToolHistoryStoreOptions,
  openToolHistoryStore,
  type SqliteToolHistoryStore,
  TOOL_HISTORY_APPLICATION_ID,
  TOOL_HISTORY_BUSY_TIMEOUT_MS,
  TOOL_HISTORY_USER_VERSION,
} from "./open-tool-history-store.js";
export { ARTIFACT_ID_PREFIX, artifactId, RECORD_ID_PREFIX, toolRecordId } from "./record-ids.js";
export {
  CLOSE_TIMEOUT_MS,
  DRAIN_TIMEOUT_MS,
  type DrainReport,
  startToolHistoryWriter,
  type ToolHistoryWriter,
  type ToolHistoryWriterOptions,
  WRITE_BUSY_DEADLINE_MS,
  type WriterStatistics,
} from "./start-tool-history-writer.js";
export { toolHistoryFile } from "./tool-history-file.js";
export type { RetentionReport } from "./tool-history-maintenance.js";
