import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

/**
 * Tries to apply a store's migrations. When two processes open a new file at once, both may read the
 * migration table before either commits; the loser's CREATE then fails, and its next try finds the
 * migrations applied.
 */
export const MIGRATION_ATTEMPTS = 3;

/**
 * Applies the drizzle-kit migrations in `migrationsFolder`, retrying up to {@link MIGRATION_ATTEMPTS}
 * times. On the last failure it closes `sqlite` and throws what `failure(error)` returns.
 */
export function migrateWithRetry(
  db: BetterSQLite3Database,
  sqlite: Database.Database,
  migrationsFolder: string,
  failure: (error: unknown) => Error,
): void {
  for (let attempt = 1; ; attempt++) {
    try {
      migrate(db, { migrationsFolder });
      return;
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS) {
        sqlite.close();
        throw failure(error);
      }
    }
  }
}
