export type { OpenSessionHistoryOptions, SessionHistoryService } from "../host/session-history-service.js";
export type {
  OpenSessionHistoryToolsOptions,
  ServeSessionHistory,
  SessionHistoryTools,
  UnavailableSessionHistoryTools,
} from "../host/session-history-tools.js";
export { openPostgresSessionHistory } from "./open-postgres-session-history.js";
export { openPostgresSessionHistoryTools } from "./open-postgres-session-history-tools.js";
export {
  type OpenPostgresToolHistorySidecarOptions,
  openPostgresToolHistorySidecar,
  type PostgresToolHistorySidecar,
} from "./open-postgres-tool-history-sidecar.js";
export {
  type OpenPostgresToolHistoryStoreOptions,
  openPostgresToolHistoryStore,
  POSTGRES_MAINTENANCE_CEILING_MS,
  type PostgresToolHistoryStore,
  SESSION_HISTORY_POSTGRES_MIGRATIONS,
} from "./open-postgres-tool-history-store.js";
export type { BatchOutcome } from "./postgres-tool-history-writes.js";
export {
  POSTGRES_WRITE_BATCH_MAX,
  POSTGRES_WRITE_BATCHES_IN_FLIGHT,
  type PostgresToolHistoryWriterOptions,
  startPostgresToolHistoryWriter,
} from "./start-postgres-tool-history-writer.js";
