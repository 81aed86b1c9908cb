export {
  createSqliteEventDedupeStore,
  EVENT_DEDUPE_RETENTION_MS,
  type SqliteEventDedupeStoreOptions,
} from "./sqlite-event-dedupe-store.js";
