import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { StorageError } from "../storage-error.js";
import { advisoryLockKey } from "./advisory-lock-key.js";
import type { PostgresPool } from "./open-postgres-pool.js";

/** One store's migrations: drizzle-kit's output folder and the table that records which were applied. */
export interface PostgresMigrations {
  /** Store name, lower-case letters, digits and `_` (e.g. `conversations`): its table is `<store>_migrations`. */
  store: string;
  /** drizzle-kit's `out` folder for the store's `pgTable` schema. */
  migrationsFolder: string;
}

/** Applied and pending migrations of one store. */
export interface PostgresMigrationStatus {
  store: string;
  applied: number;
  pending: number;
}

/** Advisory-lock namespace the migrations of every store take: one migrator at a time per database. */
const MIGRATION_LOCK_NAMESPACE = "mono-agent:migrate";

const STORE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,40}$/;

function migrationsTable(store: string): string {
  if (!STORE_NAME_PATTERN.test(store))
    throw new StorageError(
      "invalid_options",
      `store ${JSON.stringify(store)} must match ${STORE_NAME_PATTERN}.`,
    );
  return `${store}_migrations`;
}

/**
 * Applies each store's pending migrations in `postgres.schema` (created when missing), holding one
 * advisory lock for the whole call: several hosts starting at once apply them once, the others wait and
 * find nothing to do. Throws `migrate_failed` naming the store.
 */
export async function migratePostgres(
  postgres: PostgresPool,
  stores: readonly PostgresMigrations[],
): Promise<void> {
  await withMigrationLock(postgres, async (client) => {
    const db = drizzle(client);
    for (const store of stores) {
      const table = migrationsTable(store.store);
      try {
        await migrate(db, {
          migrationsFolder: store.migrationsFolder,
          migrationsSchema: postgres.schema,
          migrationsTable: table,
        });
      } catch (error) {
        throw new StorageError(
          "migrate_failed",
          `Could not migrate the ${store.store} store in schema ${postgres.schema} of ${postgres.displayUrl}: ${reason(error)}`,
          { cause: error },
        );
      }
    }
  });
}

/** How many of each store's migrations are applied and how many are pending (nothing is changed). */
export async function postgresMigrationStatus(
  postgres: PostgresPool,
  stores: readonly PostgresMigrations[],
): Promise<PostgresMigrationStatus[]> {
  const client = await connect(postgres);
  try {
    const statuses: PostgresMigrationStatus[] = [];
    for (const store of stores) {
      const table = migrationsTable(store.store);
      const files = readMigrationFiles({ migrationsFolder: store.migrationsFolder });
      const exists = await client.query<{ found: string | null }>("SELECT to_regclass($1) AS found", [
        `${postgres.schema}.${table}`,
      ]);
      let last = 0;
      if (exists.rows[0]?.found) {
        const rows = await client.query<{ created_at: string | null }>(
          `SELECT max(created_at) AS created_at FROM ${postgres.schema}.${table}`,
        );
        last = Number(rows.rows[0]?.created_at ?? 0);
      }
      const applied = files.filter((file) => file.folderMillis <= last).length;
      statuses.push({ store: store.store, applied, pending: files.length - applied });
    }
    return statuses;
  } catch (error) {
    throw new StorageError(
      "open_failed",
      `Could not read the migration status from ${postgres.displayUrl}: ${reason(error)}`,
      {
        cause: error,
      },
    );
  } finally {
    client.release();
  }
}

async function withMigrationLock(postgres: PostgresPool, work: (client: pg.PoolClient) => Promise<void>) {
  const client = await connect(postgres);
  const key = advisoryLockKey(MIGRATION_LOCK_NAMESPACE, postgres.schema);
  let broken = false;
  try {
    await client.query("SELECT pg_advisory_lock($1::bigint)", [key]);
    try {
      await work(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => {
        broken = true;
      });
    }
  } catch (error) {
    broken = true;
    if (StorageError.isInstance(error)) throw error;
    throw new StorageError("migrate_failed", `Could not migrate ${postgres.displayUrl}: ${reason(error)}`, {
      cause: error,
    });
  } finally {
    client.release(broken);
  }
}

async function connect(postgres: PostgresPool): Promise<pg.PoolClient> {
  try {
    return await postgres.pool.connect();
  } catch (error) {
    throw new StorageError("open_failed", `Could not connect to ${postgres.displayUrl}: ${reason(error)}`, {
      cause: error,
    });
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
