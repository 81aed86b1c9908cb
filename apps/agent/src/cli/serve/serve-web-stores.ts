import { hostname } from "node:os";
import type { MonoAgentApp } from "../../app/start-mono-agent-app.js";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";

/** Longest serve waits at start for the event hub's LISTEN connection (ms). */
const HUB_READY_WAIT_MS = 10_000;

/**
 * With `storage.postgres`, the web console's thread store and event hub on the shared database, so every
 * serve host on it is one console; undefined on SQLite (the console opens its own file). The host id is
 * this machine and agent folder: stable across restarts, so a restarted host interrupts only its own turns.
 */
export async function openServeWebStores(
  app: MonoAgentApp,
  env: Readonly<Record<string, string | undefined>>,
) {
  const settings = postgresStorageSettings(app.loaded, env);
  if (!settings || !app.sharedPostgres) return undefined;
  const { createPostgresWebEventHub, openPostgresWebThreadStore } = await import(
    "@mono-agent/web-console/postgres"
  );
  const hostId = `${hostname()}:${app.loaded.agentDir}`;
  const store = openPostgresWebThreadStore({ url: settings.url, schema: settings.schema, hostId });
  const hub = createPostgresWebEventHub({
    url: settings.url,
    schema: settings.schema,
    pool: app.sharedPostgres.pool,
    hostId,
  });
  // Other hosts' events arrive once LISTEN is on; serve does not wait longer than this for it.
  await Promise.race([hub.ready, new Promise((resolve) => setTimeout(resolve, HUB_READY_WAIT_MS).unref())]);
  return { store, hub };
}
