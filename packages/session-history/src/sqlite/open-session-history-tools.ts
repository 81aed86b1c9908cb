import {
  type OpenSessionHistoryToolsOptions,
  type SessionHistoryTools,
  sessionHistoryOptions,
  sessionHistoryToolsOf,
  type UnavailableSessionHistoryTools,
} from "../host/session-history-tools.js";
import { openSessionHistory } from "./open-session-history.js";
import { toolHistoryFile } from "./tool-history-file.js";

/** Where the sidecar of a loaded config lives: `<artifacts.dir>/../history/tool-history/tool-lifecycles.sqlite`. */
export function sessionHistoryFile(loaded: { artifactsDir: string }): string {
  return toolHistoryFile(loaded.artifactsDir);
}

/**
 * Opens the SQLite sidecar of a loaded config (`openSessionHistory`: store, crash recovery, one retention
 * pass, writer, observer, server, cold reseed) as a host composes it. When the sidecar cannot be opened,
 * returns empty lists and the error, so the host still starts without SessionHistory.
 */
export function openSessionHistoryTools<Provider>(
  options: OpenSessionHistoryToolsOptions<Provider>,
): SessionHistoryTools<Provider> | UnavailableSessionHistoryTools {
  return sessionHistoryToolsOf(
    openSessionHistory(sessionHistoryOptions(options)),
    options.policy,
    options.serve,
  );
}
