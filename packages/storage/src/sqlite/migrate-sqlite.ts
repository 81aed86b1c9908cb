import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

/**
 * Tries to apply a store's migrations. When two processes open a new (or older) file at once, both may
 * read the migration table before either commits; the loser's CREATE then fails, and its next try finds
 * the migrations applied. Three tries cover two racing processes with one to spare.
 */
export const SQLITE_MIGRATION_ATTEMPTS = 3;

/** Options of {@link migrateSqlite}. */
export interface MigrateSqliteOptions {
  /** Runs after the migrations in the same try (e.g. set `application_id` / `user_version`). */
  afterMigrate?: () => void;
}

/**
 * Applies the drizzle-kit migrations in `migrationsFolder` on open, retrying up to
 * {@link SQLITE_MIGRATION_ATTEMPTS} times. On the last failure it closes `sqlite` and throws that failure's
 * error (the caller wraps it in its own error).
 */
export function migrateSqlite(
  // biome-ignore lint/suspicious/noExplicitAny: every store's drizzle database, whatever its schema type
  db: BetterSQLite3Database<any>,
  sqlite: Database.Database,
  migrationsFolder: string,
  options: MigrateSqliteOptions = {},
): void {
  for (let attempt = 1; ; attempt++) {
    try {
      migrate(db, { migrationsFolder });
      options.afterMigrate?.();
      return;
    } catch (error) {
      if (attempt >= SQLITE_MIGRATION_ATTEMPTS) {
        sqlite.close();
        throw error;
      }
    }
  }
}
