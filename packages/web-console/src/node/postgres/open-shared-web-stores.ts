import { hostname } from "node:os";
import type { WebThreadStore } from "../web-thread-store.js";
import { openPostgresWebThreadStore } from "./open-postgres-web-thread-store.js";
import {
  createPostgresWebEventHub,
  type PostgresWebEventHub,
  type PostgresWebEventHubOptions,
} from "./postgres-web-event-hub.js";

/** Longest the console waits at start for the event hub's LISTEN connection (ms). */
const HUB_READY_WAIT_MS = 10_000;

/** Where the shared web stores live: the `storage.postgres` database and the host's folder. */
export interface OpenSharedWebStoresOptions {
  /** The `postgres://` URL. */
  url: string;
  /** The schema the web console's migrations were applied to. */
  schema: string;
  /** The host's shared pool; events are published through it. */
  pool: PostgresWebEventHubOptions["pool"];
  /** The agent folder this host serves; with the machine's name it makes the host id. */
  agentDir: string;
}

/**
 * The web console's thread store and event hub on the shared database, so every serve host on it is one
 * console. The host id is this machine and agent folder: stable across restarts, so a restarted host
 * interrupts only its own turns. Resolves once the hub listens, or after `HUB_READY_WAIT_MS` at most.
 */
export async function openSharedWebStores(
  options: OpenSharedWebStoresOptions,
): Promise<{ store: WebThreadStore; hub: PostgresWebEventHub }> {
  const hostId = `${hostname()}:${options.agentDir}`;
  const store = openPostgresWebThreadStore({ url: options.url, schema: options.schema, hostId });
  const hub = createPostgresWebEventHub({
    url: options.url,
    schema: options.schema,
    pool: options.pool,
    hostId,
  });
  // Other hosts' events arrive once LISTEN is on; serve does not wait longer than this for it.
  await Promise.race([hub.ready, new Promise((resolve) => setTimeout(resolve, HUB_READY_WAIT_MS).unref())]);
  return { store, hub };
}
