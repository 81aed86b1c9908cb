import { dirname, join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";

/** Where `mono-agent serve` keeps the web threads: beside the artifacts folder (`.mono-agent/web-threads.sqlite`). */
export function webThreadStoreFile(loaded: LoadedConfig): string {
  return join(dirname(loaded.artifactsDir), "web-threads.sqlite");
}
