export {
  createSessionHistoryServerFactory,
  type SessionHistoryServerFactoryOptions,
  type SessionHistoryServerScope,
} from "../host/create-session-history-server-factory.js";
export type { OpenSessionHistoryOptions, SessionHistoryService } from "../host/session-history-service.js";
export {
  type OpenSessionHistoryToolsOptions,
  type ServeSessionHistory,
  type SessionHistoryAugmenter,
  type SessionHistoryToolServer,
  type SessionHistoryTools,
  type SessionHistoryToolsStore,
  sessionHistoryToolServer,
  type UnavailableSessionHistoryTools,
} from "../host/session-history-tools.js";
export { runToolOutputDir } from "./artifact-paths.js";
export { openSessionHistory } from "./open-session-history.js";
export { openSessionHistoryTools, sessionHistoryFile } from "./open-session-history-tools.js";
export { openToolHistorySidecar, type ToolHistorySidecar } from "./open-tool-history-sidecar.js";
export {
  type OpenToolHistoryStoreOptions,
  openToolHistoryStore,
  type SqliteToolHistoryStore,
} from "./open-tool-history-store.js";
export { toolRecordId } from "./record-ids.js";
export {
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
