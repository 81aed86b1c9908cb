import { existsSync } from "node:fs";
import { openRunStore, runStoreFile, type SqliteRunStore } from "@mono-agent/run-history/sqlite";
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

/** Loads the agent's config (for `artifacts.dir`) and opens `<artifacts.dir>/runs.sqlite` read-only. */
export async function openAgentRunStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<AgentRunStore> {
  const loaded = await loadAgentConfig(io, options);
  const file = runStoreFile(loaded.artifactsDir);
  if (!existsSync(file)) return { artifactsDir: loaded.artifactsDir, file, store: undefined };
  try {
    return { artifactsDir: loaded.artifactsDir, file, store: openRunStore({ file, readOnly: true }) };
  } catch (error) {
    throw damagedRunStoreError(error, file);
  }
}
