import { damagedRunStoreMessage } from "../report/damaged-run-store-message.js";
import type { RunsForReading } from "../report/runs-for-reading.js";
import { RunHistoryError } from "../run-history-error.js";
import { openRunStoreForReading } from "./open-run-store-for-reading.js";
import { runStoreFile } from "./run-artifact-paths.js";
import { createRunEventReader } from "./run-events-file.js";

/**
 * `<artifactsDir>/runs.sqlite` and its events files for an operator's reading (`store` undefined when no
 * run was ever recorded). Throws `store_failed` with {@link damagedRunStoreMessage} when the file cannot
 * be opened.
 */
export async function openRunsForReading(options: { artifactsDir: string }): Promise<RunsForReading> {
  const base = {
    engine: "sqlite" as const,
    location: runStoreFile(options.artifactsDir),
    readEvents: createRunEventReader(options.artifactsDir),
  };
  try {
    const store = await openRunStoreForReading({ artifactsDir: options.artifactsDir });
    return { ...base, store, close: async () => store?.close() };
  } catch (error) {
    throw new RunHistoryError("store_failed", damagedRunStoreMessage(error, base), { cause: error });
  }
}
