import { dirname, join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";

/** Where the trigger state (last fire times, scheduler lock) lives: beside the artifacts folder (`.mono-agent/triggers/`). */
export function triggerStateDir(loaded: LoadedConfig): string {
  return join(dirname(loaded.artifactsDir), "triggers");
}
