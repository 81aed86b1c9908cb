import type { MonoAgentApp } from "../../app/start-mono-agent-app.js";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";

/**
 * With `storage.postgres`, the web console's thread store and event hub on the shared database, so every
 * serve host on it is one console; undefined on SQLite (the console opens its own file).
 */
export async function openServeWebStores(
  app: MonoAgentApp,
  env: Readonly<Record<string, string | undefined>>,
) {
  const settings = postgresStorageSettings(app.loaded, env);
  if (!settings || !app.sharedPostgres) return undefined;
  const { openSharedWebStores } = await import("@mono-agent/web-console/postgres");
  const { url, schema } = settings;
  return openSharedWebStores({ url, schema, pool: app.sharedPostgres.pool, agentDir: app.loaded.agentDir });
}
