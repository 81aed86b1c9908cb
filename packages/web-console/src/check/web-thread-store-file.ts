import { dirname, join } from "node:path";

/** Where `mono-agent serve` keeps the web threads: beside the artifacts folder (`.mono-agent/web-threads.sqlite`). */
export function webThreadStoreFile(artifactsDir: string): string {
  return join(dirname(artifactsDir), "web-threads.sqlite");
}
