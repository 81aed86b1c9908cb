import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import type { McpToolListCache } from "@mono-agent/mcp-bridge";
import { createFileMcpToolListCache } from "@mono-agent/mcp-bridge/node";

/** The folder of cached tool lists: `<agent folder>/.mono-agent/mcp-tool-lists/`. */
export function toolListCacheDir(loaded: LoadedConfig): string {
  return join(loaded.agentDir, ".mono-agent", "mcp-tool-lists");
}

/** The agent's tool lists as last seen, one file per server spec in {@link toolListCacheDir}. */
export function openToolListCache(loaded: LoadedConfig): McpToolListCache {
  return createFileMcpToolListCache(toolListCacheDir(loaded));
}
