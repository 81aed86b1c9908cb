import type { LoadedConfig } from "@mono-agent/config";
import type { RunEventReader, RunStore } from "@mono-agent/run-history";
import {
  createRunEventReader,
  openRunStoreForReading,
  runStoreFile,
  type SqliteRunStore,
} from "@mono-agent/run-history/sqlite";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, ExitError, failureOf } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";

/** The agent's run store for reading, or `store` undefined when no run was ever recorded. */
export interface AgentRunStore {
  artifactsDir: string;
  /** `"sqlite"` (`<artifacts.dir>/runs.sqlite`) or `"postgres"` (the store shared by every host). */
  engine: "sqlite" | "postgres";
  /** Where the runs are, named in the errors: the file, or the database (password hidden) and schema. */
  location: string;
  store: RunStore | undefined;
  /** Reads a run's events: its JSONL file beside runs.sqlite, or its `run_events` rows. */
  readEvents: RunEventReader;
  /** Closes the store and, on PostgreSQL, its pool. Idempotent. */
  close(): Promise<void>;
}

/**
 * A run store that cannot be opened or read: the cause, and the fix (SQLite: move the file aside;
 * PostgreSQL: check the server and `mono-agent storage status`).
 */
export function damagedRunStoreError(
  error: unknown,
  runs: Pick<AgentRunStore, "engine" | "location">,
): ExitError {
  const cause = error instanceof Error ? error.message : String(error);
  return new ExitError(
    runs.engine === "postgres"
      ? `${cause}\nthe shared run store (${runs.location}) cannot be read; check that the server answers and run \`mono-agent storage status\``
      : `${cause}\nthe run store may be damaged; move ${runs.location} aside to start a new one`,
    EXIT_FAILURE,
  );
}

async function openSqliteRunStore(artifactsDir: string): Promise<AgentRunStore> {
  const base = {
    artifactsDir,
    engine: "sqlite" as const,
    location: runStoreFile(artifactsDir),
    readEvents: createRunEventReader(artifactsDir),
  };
  let store: SqliteRunStore | undefined;
  try {
    store = await openRunStoreForReading({ artifactsDir });
  } catch (error) {
    throw damagedRunStoreError(error, base);
  }
  return { ...base, store, close: async () => store?.close() };
}

/** With `storage.postgres`: the run store every host records in (`store` undefined before any run). */
async function openSharedRunStore(
  loaded: LoadedConfig,
  settings: NonNullable<ReturnType<typeof postgresStorageSettings>>,
): Promise<AgentRunStore> {
  // pg and the PostgreSQL schemas are loaded only for a config that has storage.postgres.
  const [{ openAgentPostgresPool }, runHistory] = await Promise.all([
    import("../../storage/agent-storage-postgres.js"),
    import("@mono-agent/run-history/postgres"),
  ]);
  const postgres = openAgentPostgresPool(settings);
  const base = {
    artifactsDir: loaded.artifactsDir,
    engine: "postgres" as const,
    location: `${postgres.displayUrl}, schema ${postgres.schema}`,
    readEvents: runHistory.createPostgresRunEventReader(postgres),
    close: () => postgres.close(),
  };
  try {
    const store = await runHistory.openPostgresRunStoreForReading({
      postgres,
      artifactsDir: loaded.artifactsDir,
    });
    return { ...base, store };
  } catch (error) {
    await postgres.close();
    throw damagedRunStoreError(error, base);
  }
}

/**
 * Loads the agent's config and opens its run store for reading, after reconciling the runs of dead
 * processes of this host: `<artifacts.dir>/runs.sqlite`, or with `storage.postgres` the shared store
 * (the runs of every host; no local file is read).
 */
export async function openAgentRunStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<AgentRunStore> {
  const { loaded, env } = await loadAgentConfigAndEnv(io, options);
  let settings: ReturnType<typeof postgresStorageSettings>;
  try {
    settings = postgresStorageSettings(loaded, env);
  } catch (error) {
    throw failureOf(error);
  }
  return settings === undefined
    ? openSqliteRunStore(loaded.artifactsDir)
    : openSharedRunStore(loaded, settings);
}
