import { damagedRunStoreMessage } from "../report/damaged-run-store-message.js";
import type { RunsForReading } from "../report/runs-for-reading.js";
import { RunHistoryError } from "../run-history-error.js";
import {
  type OpenPostgresRunStoreForReadingOptions,
  openPostgresRunStoreForReading,
} from "./open-postgres-run-store-for-reading.js";
import { createPostgresRunEventReader } from "./postgres-run-events.js";

/**
 * The shared run store and its `run_events` rows for an operator's reading (`store` undefined while its
 * migrations were never applied). Throws `store_failed` with {@link damagedRunStoreMessage} when the
 * server does not answer. The caller closes the pool.
 */
export async function openPostgresRunsForReading(
  options: OpenPostgresRunStoreForReadingOptions,
): Promise<RunsForReading> {
  const { postgres } = options;
  const base = {
    engine: "postgres" as const,
    location: `${postgres.displayUrl}, schema ${postgres.schema}`,
    readEvents: createPostgresRunEventReader(postgres),
    close: async () => {},
  };
  try {
    return { ...base, store: await openPostgresRunStoreForReading(options) };
  } catch (error) {
    throw new RunHistoryError("store_failed", damagedRunStoreMessage(error, base), { cause: error });
  }
}
