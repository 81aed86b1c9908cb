import type { PostgresPool } from "@mono-agent/storage/postgres";
import { createSessionHistoryObserver } from "../create-session-history-observer.js";
import { createSessionHistoryServerFactory } from "../host/create-session-history-server-factory.js";
import type { OpenSessionHistoryOptions, SessionHistoryService } from "../host/session-history-service.js";
import { openPostgresToolHistorySidecar } from "./open-postgres-tool-history-sidecar.js";
import type { PostgresToolHistoryStore } from "./open-postgres-tool-history-store.js";

/**
 * The session history of a host on the shared PostgreSQL store (its migrations applied with the other
 * stores'), opened by `openPostgresToolHistorySidecar`, with its observer and the SessionHistory server.
 * No cold reseed: the conversation messages are shared too, so a host's first run of a conversation
 * already restores every host's tool results (a reseed would repeat them). When the store cannot be
 * read, returns `{ error }`, so the host still starts without SessionHistory.
 */
export async function openPostgresSessionHistory(
  options: OpenSessionHistoryOptions & { postgres: PostgresPool },
): Promise<SessionHistoryService<PostgresToolHistoryStore> | { error: Error }> {
  const opened = await openPostgresToolHistorySidecar({
    postgres: options.postgres,
    artifactsDir: options.artifactsDir,
  });
  if ("error" in opened) return opened;
  const { store, writer } = opened;
  const { secretScanner, rollover } = options;
  return {
    file: undefined,
    store,
    writer,
    recoveredAtStart: opened.recoveredAtStart,
    observer: createSessionHistoryObserver({ writer, secretScanner }),
    createServer: createSessionHistoryServerFactory({ store, rollover, secretScanner }),
    close: () => opened.close(),
  };
}
