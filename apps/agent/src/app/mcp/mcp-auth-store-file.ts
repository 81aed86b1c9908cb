import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";

/** The token file of MCP logins: `<agent folder>/.mono-agent/mcp-auth.json` (0600, out of the file tools' reach). */
export function mcpAuthStoreFile(loaded: LoadedConfig): string {
  return join(loaded.agentDir, ".mono-agent", "mcp-auth.json");
}

/** The fix a person runs when a server needs a login, as named in run warnings and tool errors. */
export function mcpLoginHint(serverName: string): string {
  return `run \`mono-agent mcp login ${serverName}\``;
}
