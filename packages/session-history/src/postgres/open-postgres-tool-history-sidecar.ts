import { hostname } from "node:os";
import { join } from "node:path";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { ToolHistoryWriter } from "../tool-history-writer.js";
import {
  openPostgresToolHistoryStore,
  type PostgresToolHistoryStore,
} from "./open-postgres-tool-history-store.js";
import { startPostgresToolHistoryWriter } from "./start-postgres-tool-history-writer.js";

/** Options of {@link openPostgresToolHistorySidecar}. */
export interface OpenPostgresToolHistorySidecarOptions {
  /** A pool whose schema has the session-history migrations applied; it stays the caller's. */
  postgres: PostgresPool;
  /** This host's `<artifacts.dir>`: artifact references are accepted beneath its `tool-output` folder. */
  artifactsDir: string;
  /** This host's name in the owner table. Default `os.hostname()`. */
  host?: string;
}

/** An open shared sidecar: the PostgreSQL store and its group-commit writer. */
export interface PostgresToolHistorySidecar {
  readonly store: PostgresToolHistoryStore;
  readonly writer: ToolHistoryWriter;
  /** How many calls left open by closed writers (or dead processes of this host) became `interrupted` at start. */
  readonly recoveredAtStart: number;
  /** Drains (bounded) and stops the writer; the pool stays open. Idempotent. */
  close(): Promise<void>;
}

/**
 * Opens the sidecar on the shared PostgreSQL store: a tool call recorded on one host is found by
 * SessionHistory on every host, with the SQLite rules of scope, redaction, tombstones and retention. At
 * start, calls left open by a closed writer (or a dead process of this host) become `interrupted` and one
 * retention pass runs; then the group-commit writer starts. When the store cannot be read, returns
 * `{ error }` instead (a host then runs without SessionHistory).
 */
export async function openPostgresToolHistorySidecar(
  options: OpenPostgresToolHistorySidecarOptions,
): Promise<PostgresToolHistorySidecar | { error: Error }> {
  const toolOutputRoot = join(options.artifactsDir, "tool-output");
  const host = options.host ?? hostname();
  let store: PostgresToolHistoryStore;
  let recoveredAtStart = 0;
  try {
    store = openPostgresToolHistoryStore({ postgres: options.postgres, toolOutputRoot });
    recoveredAtStart = await store.recoverInterrupted(host);
    await store.applyRetention();
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  const writer = startPostgresToolHistoryWriter({ store, host });
  let closing: Promise<void> | undefined;
  return {
    store,
    writer,
    recoveredAtStart,
    close() {
      closing ??= writer.close();
      return closing;
    },
  };
}
