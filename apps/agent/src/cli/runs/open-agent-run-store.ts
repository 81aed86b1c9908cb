import type { RunsForReading } from "@mono-agent/run-history/report";
import { openRunsForReading } from "@mono-agent/run-history/sqlite";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";
import type { CliIo } from "../cli-io.js";
import { failureOf } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";

/**
 * Loads the agent's config and opens its run store for reading, after reconciling the runs of dead
 * processes of this host: `<artifacts.dir>/runs.sqlite`, or with `storage.postgres` the shared store
 * (the runs of every host; no local file is read). Closing it closes the PostgreSQL pool too.
 */
export async function openAgentRunStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<RunsForReading> {
  const { loaded, env } = await loadAgentConfigAndEnv(io, options);
  let settings: ReturnType<typeof postgresStorageSettings>;
  try {
    settings = postgresStorageSettings(loaded, env);
    if (settings === undefined) return await openRunsForReading({ artifactsDir: loaded.artifactsDir });
  } catch (error) {
    throw failureOf(error);
  }
  // pg and the PostgreSQL schemas are loaded only for a config that has storage.postgres.
  const [{ openAgentPostgresPool }, runHistory] = await Promise.all([
    import("../../storage/agent-storage-postgres.js"),
    import("@mono-agent/run-history/postgres"),
  ]);
  const postgres = openAgentPostgresPool(settings);
  try {
    const runs = await runHistory.openPostgresRunsForReading({ postgres, artifactsDir: loaded.artifactsDir });
    return { ...runs, close: () => postgres.close() };
  } catch (error) {
    await postgres.close();
    throw failureOf(error);
  }
}
