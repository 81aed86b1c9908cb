export {
  type OpenPostgresRunStoreOptions,
  openPostgresRunStore,
  type PostgresRunStore,
  RUN_STORE_POSTGRES_MIGRATIONS,
} from "./postgres/open-postgres-run-store.js";
export {
  type OpenPostgresRunStoreForReadingOptions,
  openPostgresRunStoreForReading,
} from "./postgres/open-postgres-run-store-for-reading.js";
export { openPostgresRunsForReading } from "./postgres/open-postgres-runs-for-reading.js";
export { createPostgresRunEventReader, createPostgresRunEventSink } from "./postgres/postgres-run-events.js";
