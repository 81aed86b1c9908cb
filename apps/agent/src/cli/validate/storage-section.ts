import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkStorageConfig } from "@mono-agent/storage/check";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";
import { type CheckSection, section } from "./validate-report.js";

/**
 * The Storage section of `mono-agent validate`: the findings of `@mono-agent/storage`'s own check, over the
 * app's `storage.postgres` settings, pool and stores (loaded only for a config that has storage.postgres).
 */
export async function storageSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
  options: { connect: boolean },
): Promise<CheckSection> {
  if (!loaded)
    return section("storage", "Storage", [
      { status: "disabled", message: "Storage cannot be checked until the config loads." },
    ]);
  const lines = await checkStorageConfig({
    resolveSettings: () => postgresStorageSettings(loaded, env),
    loadPostgres: async () => {
      const { openAgentPostgresPool, POSTGRES_STORES } = await import(
        "../../storage/agent-storage-postgres.js"
      );
      return { openPool: openAgentPostgresPool, stores: POSTGRES_STORES };
    },
    connect: options.connect,
  });
  return section("storage", "Storage", lines);
}
