import { dirname, join } from "node:path";

/**
 * Where the sidecar lives for an artifacts folder: `<artifacts.dir>/../history/tool-history/tool-lifecycles.sqlite`
 * (reference §5.1: history root = `<artifacts.dir>/../history`).
 */
export function toolHistoryFile(artifactsDir: string): string {
  return join(dirname(artifactsDir), "history", "tool-history", "tool-lifecycles.sqlite");
}
