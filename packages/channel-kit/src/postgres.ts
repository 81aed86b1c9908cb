export {
  CHANNEL_EVENT_POSTGRES_MIGRATIONS,
  createPostgresEventDedupeStore,
  type PostgresEventDedupeStoreOptions,
} from "./postgres/postgres-event-dedupe-store.js";
