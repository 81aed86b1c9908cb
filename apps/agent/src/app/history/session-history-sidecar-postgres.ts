import { createSecretScanner } from "@mono-agent/evidence";
import { createSessionHistoryObserver } from "@mono-agent/session-history";
import { openPostgresToolHistorySidecar } from "@mono-agent/session-history/postgres";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import { sessionHistoryToolProvider } from "./session-history-provider.js";
import {
  type SessionHistorySidecar,
  type SessionHistorySidecarInput,
  type UnavailableSidecar,
  unavailableSidecar,
} from "./session-history-sidecar.js";

/**
 * The sidecar on the shared PostgreSQL store (`storage.postgres`; its migrations are applied with the
 * other stores'), opened by `openPostgresToolHistorySidecar`, with its observer and the SessionHistory
 * provider. No cold reseed: the conversation messages are shared too, so a host's first run of a
 * conversation already restores every host's tool results (a reseed would repeat them).
 * When the store cannot be read, returns the error so the app still starts without SessionHistory.
 */
export async function openPostgresSessionHistorySidecar(
  input: SessionHistorySidecarInput & { postgres: PostgresPool },
): Promise<SessionHistorySidecar | UnavailableSidecar> {
  const opened = await openPostgresToolHistorySidecar({
    postgres: input.postgres,
    artifactsDir: input.loaded.artifactsDir,
  });
  if ("error" in opened) return unavailableSidecar(opened.error);
  const { store, writer } = opened;
  const secretScanner = input.secretScanner ?? createSecretScanner({ env: input.env });
  const rollover = input.loaded.config.runtime.session?.rollover ?? "none";
  return {
    file: undefined,
    store,
    writer,
    recoveredAtStart: opened.recoveredAtStart,
    observers: [createSessionHistoryObserver({ writer, secretScanner })],
    appToolProviders: [sessionHistoryToolProvider({ store, policy: input.policy, rollover, secretScanner })],
    historyAugmenters: [],
    close: () => opened.close(),
  };
}
