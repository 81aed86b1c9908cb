import { createColdReseed } from "../create-cold-reseed.js";
import { createSessionHistoryObserver } from "../create-session-history-observer.js";
import { createSessionHistoryServerFactory } from "../host/create-session-history-server-factory.js";
import type { OpenSessionHistoryOptions, SessionHistoryService } from "../host/session-history-service.js";
import { openToolHistorySidecar } from "./open-tool-history-sidecar.js";
import type { SqliteToolHistoryStore } from "./open-tool-history-store.js";

/**
 * Opens the SQLite sidecar of a host (`openToolHistorySidecar`: store, crash recovery, one retention pass,
 * writer) and composes its observer, the SessionHistory server and the cold reseed. When the sidecar
 * cannot be opened, returns `{ error }`, so the host still starts without SessionHistory.
 */
export function openSessionHistory(
  options: OpenSessionHistoryOptions,
): SessionHistoryService<SqliteToolHistoryStore> | { error: Error } {
  const opened = openToolHistorySidecar({ artifactsDir: options.artifactsDir });
  if ("error" in opened) return opened;
  const { store, writer } = opened;
  const { secretScanner, rollover } = options;
  const reseedOf = createColdReseed(store, rollover);
  return {
    file: opened.file,
    store,
    writer,
    recoveredAtStart: opened.recoveredAtStart,
    observer: createSessionHistoryObserver({ writer, secretScanner }),
    createServer: createSessionHistoryServerFactory({ store, rollover, secretScanner }),
    reseedHistory: (run, history) => {
      const reseed = reseedOf(run);
      return reseed ? [reseed, ...history] : history;
    },
    close: () => opened.close(),
  };
}
