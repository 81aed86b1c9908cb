/**
 * The continuation store several hosts share, on PostgreSQL (`storage.postgres`). Its own entry so a host
 * on SQLite never loads pg or drizzle's node-postgres driver.
 */
export {
  CONTINUATION_POSTGRES_MIGRATIONS,
  type OpenPostgresContinuationStoreOptions,
  openPostgresContinuationStore,
  type SharedContinuationStore,
} from "./node/postgres/open-postgres-continuation-store.js";
