import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";

/** The state folder when the config has no continuations block (reference §7.1 default). */
export const DEFAULT_CONTINUATIONS_STATE_DIR = ".mono-agent/continuations";

/** Where the continuation service keeps its state: `continuations.stateDir` resolved, or the default. */
export function continuationsStateDir(loaded: LoadedConfig): string {
  return loaded.continuationsStateDir ?? join(loaded.agentDir, DEFAULT_CONTINUATIONS_STATE_DIR);
}
