import { type CheckLine, type DeclaredMcpServer, isStdioServerSpec } from "@mono-agent/config";
import { describeAuthState } from "./describe-auth-state.js";
import { createFileMcpAuthStore } from "./file-mcp-auth-store.js";
import type { McpAuthRecord } from "./mcp-auth-store.js";

/**
 * The OAuth login state of each enabled remote server that uses OAuth, read from the token file
 * `authStoreFile`: a kept login or client credentials are ok; a server with an `oauth` block and no
 * login yet is a warning naming the fix (every run skips it until then). Remote servers without an
 * `oauth` block are listed only once a login exists (whether they need one shows only when they
 * answer 401: `validate --connect`). An unreadable token file is one warning.
 */
export function oauthLoginLines(servers: readonly DeclaredMcpServer[], authStoreFile: string): CheckLine[] {
  let records: McpAuthRecord[];
  try {
    records = createFileMcpAuthStore(authStoreFile).list();
  } catch (error) {
    return [
      {
        status: "warning",
        code: "mcp_auth_store_unreadable",
        message: `The MCP login store ${authStoreFile} could not be read: ${error instanceof Error ? error.message : String(error)}`,
        suggestion: "remove the file and log in again with `mono-agent mcp login <server>`",
      },
    ];
  }
  return servers.flatMap((server): CheckLine[] => {
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
