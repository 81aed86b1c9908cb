export {
  type OpenPostgresRunStoreOptions,
  openPostgresRunStore,
  type PostgresRunStore,
  RUN_STORE_POSTGRES_MIGRATIONS,
} from "./postgres/open-postgres-run-store.js";
export { createPostgresRunEventReader, createPostgresRunEventSink } from "./postgres/postgres-run-events.js";
