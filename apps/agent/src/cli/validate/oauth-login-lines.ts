import { isStdioServerSpec, type LoadedConfig } from "@mono-agent/config";
import type { McpAuthRecord } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore, describeAuthState } from "@mono-agent/mcp-bridge/node";
import { mcpAuthStoreFile } from "../../app/mcp/mcp-auth-store-file.js";
import type { CheckLine } from "./validate-report.js";

/**
 * The OAuth login state of each enabled remote server that uses OAuth: a kept login or client
 * credentials are ok; a server with an `oauth` block and no login yet is a warning naming the fix
 * (every run skips it until then). Remote servers without an `oauth` block are listed only once a
 * login exists (whether they need one shows only when they answer 401: `validate --connect`).
 */
export function oauthLoginLines(loaded: LoadedConfig): CheckLine[] {
  let records: McpAuthRecord[];
  try {
    records = createFileMcpAuthStore(mcpAuthStoreFile(loaded)).list();
  } catch (error) {
    return [
      {
        status: "warning",
        code: "mcp_auth_store_unreadable",
        message: `The MCP login store ${mcpAuthStoreFile(loaded)} could not be read: ${error instanceof Error ? error.message : String(error)}`,
        suggestion: "remove the file and log in again with `mono-agent mcp login <server>`",
      },
    ];
  }
  return Object.values(loaded.mcpServers).flatMap((server): CheckLine[] => {
    const { spec } = server;
    if (spec.enabled === false || isStdioServerSpec(spec) || spec.oauth === false) return [];
    const state = describeAuthState(server, records);
    if (state.kind === "logged_in" || state.kind === "client_credentials")
      return [{ status: "ok", message: `MCP server ${server.name}: OAuth ${state.text}` }];
    if (state.kind === "not_logged_in" && spec.oauth !== undefined)
      return [
        {
          status: "warning",
          code: "mcp_login_required",
          file: server.origin.file,
          jsonPath: server.origin.jsonPath,
          message: `MCP server ${server.name}: OAuth, not logged in; every run skips it until a login is kept`,
          suggestion: `run \`mono-agent mcp login ${server.name}\` (or \`mono-agent run --login\`)`,
        },
      ];
    return [];
  });
}
