import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";

/** The state folder when the config has no continuations block (reference §7.1 default). */
export const DEFAULT_CONTINUATIONS_STATE_DIR = ".mono-agent/continuations";

/** Where the continuation service keeps its state: `continuations.stateDir` resolved, or the default. */
export function continuationsStateDir(loaded: LoadedConfig): string {
  return loaded.continuationsStateDir ?? join(loaded.agentDir, DEFAULT_CONTINUATIONS_STATE_DIR);
}

/** Whether the config asks for the service: a continuations block or continuation servers, and not `enabled: false`. */
export function continuationsWanted(loaded: LoadedConfig): boolean {
  const block = loaded.config.continuations;
  if (block?.enabled === false) return false;
  return block !== undefined || loaded.config.tools.continuationServers.length > 0;
}
