export { advisoryLockKey } from "./postgres/advisory-lock-key.js";
export {
  type CreatePostgresKeyedLockOptions,
  createPostgresKeyedLock,
  type PostgresKeyedLock,
} from "./postgres/create-postgres-keyed-lock.js";
export {
  migratePostgres,
  type PostgresMigrationStatus,
  type PostgresMigrations,
  postgresMigrationStatus,
} from "./postgres/migrate-postgres.js";
export {
  type OpenPostgresPoolOptions,
  openPostgresPool,
  POSTGRES_CONNECT_TIMEOUT_MS,
  POSTGRES_POOL_MAX_DEFAULT,
  type PostgresPool,
} from "./postgres/open-postgres-pool.js";
export {
  type OpenSyncPostgresOptions,
  openSyncPostgres,
  SYNC_POSTGRES_STATEMENT_TIMEOUT_MS,
  type SyncPostgres,
  SyncPostgresError,
  type SyncQueryResult,
} from "./postgres/sync-postgres.js";
export { type WithAdvisoryLockOptions, withAdvisoryLock } from "./postgres/with-advisory-lock.js";
