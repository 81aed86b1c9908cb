import { hostname } from "node:os";
import { join } from "node:path";
import { createSecretScanner } from "@mono-agent/evidence";
import {
  openPostgresToolHistoryStore,
  type PostgresToolHistoryStore,
  startPostgresToolHistoryWriter,
} from "@mono-agent/session-history/postgres";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import { createSessionHistoryObserver } from "./session-history-observer.js";
import { sessionHistoryToolProvider } from "./session-history-provider.js";
import {
  type SessionHistorySidecar,
  type SessionHistorySidecarInput,
  type UnavailableSidecar,
  unavailableSidecar,
} from "./session-history-sidecar.js";

/**
 * The sidecar on the shared PostgreSQL store (`storage.postgres`; its migrations are applied with the
 * other stores'): a tool call recorded on one host is found by SessionHistory on every host, with the
 * SQLite rules of scope, redaction, tombstones and retention. At start, calls left open by a closed
 * writer (or a dead process of this host) become `interrupted` and one retention pass runs; then the
 * group-commit writer. No cold reseed: the conversation messages are shared too, so a host's first run
 * of a conversation already restores every host's tool results (a reseed would repeat them).
 * When the store cannot be read, returns the error so the app still starts without SessionHistory.
 */
export async function openPostgresSessionHistorySidecar(
  input: SessionHistorySidecarInput & { postgres: PostgresPool },
): Promise<SessionHistorySidecar | UnavailableSidecar> {
  const toolOutputRoot = join(input.loaded.artifactsDir, "tool-output");
  const host = hostname();
  let store: PostgresToolHistoryStore;
  let recoveredAtStart = 0;
  try {
    store = openPostgresToolHistoryStore({ postgres: input.postgres, toolOutputRoot });
    recoveredAtStart = await store.recoverInterrupted(host);
    await store.applyRetention();
  } catch (error) {
    return unavailableSidecar(error);
  }
  const writer = startPostgresToolHistoryWriter({ store, host });
  const secretScanner = input.secretScanner ?? createSecretScanner({ env: input.env });
  const rollover = input.loaded.config.runtime.session?.rollover ?? "none";
  let closing: Promise<void> | undefined;
  return {
    file: undefined,
    store,
    writer,
    recoveredAtStart,
    observers: [createSessionHistoryObserver({ writer, secretScanner })],
    appToolProviders: [sessionHistoryToolProvider({ store, policy: input.policy, rollover, secretScanner })],
    historyAugmenters: [],
    close() {
      closing ??= writer.close();
      return closing;
    },
  };
}
