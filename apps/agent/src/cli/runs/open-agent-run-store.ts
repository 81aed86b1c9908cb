import { existsSync } from "node:fs";
import {
  openRunStore,
  reconcileInterruptedRuns,
  runStoreFile,
  type SqliteRunStore,
} from "@mono-agent/run-history/sqlite";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, ExitError } from "../exit-error.js";
import { loadAgentConfig } from "../load-agent-config.js";

/** The agent's run store opened read-only, or undefined when no run was ever recorded. */
export interface AgentRunStore {
  artifactsDir: string;
  /** `<artifacts.dir>/runs.sqlite`, named in the errors. */
  file: string;
  store: SqliteRunStore | undefined;
}

/** A run store that cannot be opened or read: the cause, and the fix (move the file aside). */
export function damagedRunStoreError(error: unknown, file: string): ExitError {
  return new ExitError(
    `${error instanceof Error ? error.message : String(error)}\nthe run store may be damaged; move ${file} aside to start a new one`,
    EXIT_FAILURE,
  );
}

/**
 * Sets runs whose owner process is certainly gone (same host, pid gone or reused) to `interrupted`
 * (`process_death`), as the next run's start would, so `runs list` / `runs show` never show a dead run
 * as `running`. Best effort: a store this process cannot write (read-only files) is read as it is.
 */
async function reconcileDeadRuns(file: string, artifactsDir: string): Promise<void> {
  let writable: SqliteRunStore | undefined;
  try {
    writable = openRunStore({ file });
    await reconcileInterruptedRuns({ store: writable, artifactsDir });
  } catch {
    // the read-only open below names a damaged store; a store we may not write is shown as recorded
  } finally {
    await writable?.close();
  }
}

/**
 * Loads the agent's config (for `artifacts.dir`) and opens `<artifacts.dir>/runs.sqlite` read-only,
 * after reconciling the runs of dead processes.
 */
export async function openAgentRunStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<AgentRunStore> {
  const loaded = await loadAgentConfig(io, options);
  const file = runStoreFile(loaded.artifactsDir);
  if (!existsSync(file)) return { artifactsDir: loaded.artifactsDir, file, store: undefined };
  await reconcileDeadRuns(file, loaded.artifactsDir);
  try {
    return { artifactsDir: loaded.artifactsDir, file, store: openRunStore({ file, readOnly: true }) };
  } catch (error) {
    throw damagedRunStoreError(error, file);
  }
}
