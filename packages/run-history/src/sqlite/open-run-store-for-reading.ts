import { existsSync } from "node:fs";
import { openRunStore, type SqliteRunStore } from "./open-run-store.js";
import { reconcileInterruptedRuns } from "./reconcile-interrupted-runs.js";
import { runStoreFile } from "./run-artifact-paths.js";

/** Options of {@link openRunStoreForReading}. */
export interface OpenRunStoreForReadingOptions {
  /** The folder of `runs.sqlite` and the runs' events files. */
  artifactsDir: string;
}

/**
 * Opens `<artifactsDir>/runs.sqlite` read-only for an operator's reading, or returns undefined when no
 * run was ever recorded (the file does not exist; nothing is created). Runs whose owner process is
 * certainly gone (same host, pid gone or reused) are first set to `interrupted` (`process_death`), as
 * the next run's start would, so a dead run never reads as `running`. That step is best effort: a
 * store this process cannot write (read-only files) is read as it is. Throws the open's error when the
 * file cannot be read as a run store (damaged).
 */
export async function openRunStoreForReading(
  options: OpenRunStoreForReadingOptions,
): Promise<SqliteRunStore | undefined> {
  const file = runStoreFile(options.artifactsDir);
  if (!existsSync(file)) return undefined;
  let writable: SqliteRunStore | undefined;
  try {
    writable = openRunStore({ file });
    await reconcileInterruptedRuns({ store: writable, artifactsDir: options.artifactsDir });
  } catch {
    // the read-only open below names a damaged store; a store we may not write is read as recorded
  } finally {
    await writable?.close();
  }
  return openRunStore({ file, readOnly: true });
}
