export {
  type MigrateSqliteOptions,
  migrateSqlite,
  SQLITE_MIGRATION_ATTEMPTS,
} from "./sqlite/migrate-sqlite.js";
export { type OpenSqliteDatabaseOptions, openSqliteDatabase } from "./sqlite/open-sqlite-database.js";
