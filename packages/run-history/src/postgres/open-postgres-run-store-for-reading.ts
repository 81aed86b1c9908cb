import { type PostgresPool, postgresMigrationStatus } from "@mono-agent/storage/postgres";
import { reconcileInterruptedRuns } from "../sqlite/reconcile-interrupted-runs.js";
import {
  openPostgresRunStore,
  type PostgresRunStore,
  RUN_STORE_POSTGRES_MIGRATIONS,
} from "./open-postgres-run-store.js";

/** Options of {@link openPostgresRunStoreForReading}. */
export interface OpenPostgresRunStoreForReadingOptions {
  /** The shared pool; the caller closes it. */
  postgres: PostgresPool;
  /** This host's artifacts folder (temp events files of its dead runs are removed). */
  artifactsDir: string;
}

/**
 * The shared run store for an operator's reading, or undefined when its migrations were never applied
 * (no host recorded a run yet; no migration is applied here). Runs of this host whose process is
 * certainly gone are first set to `interrupted` (`process_death`), best effort; runs of other hosts are
 * never touched. Throws the database's error when the server does not answer.
 */
export async function openPostgresRunStoreForReading(
  options: OpenPostgresRunStoreForReadingOptions,
): Promise<PostgresRunStore | undefined> {
  const [status] = await postgresMigrationStatus(options.postgres, [RUN_STORE_POSTGRES_MIGRATIONS]);
  if (!status || status.applied === 0) return undefined;
  const store = openPostgresRunStore({ postgres: options.postgres });
  await reconcileInterruptedRuns({ store, artifactsDir: options.artifactsDir }).catch(() => {
    // the read that follows names a store that cannot be read; one we may not write is read as recorded
  });
  return store;
}
