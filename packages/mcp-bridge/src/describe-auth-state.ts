import type { McpAuthRecord } from "./mcp-auth-store.js";

/** How a declared server is authorized, as `mono-agent mcp list` and `validate` show it. */
export type McpAuthState =
  | { kind: "none"; text: string }
  | { kind: "client_credentials"; text: string }
  | { kind: "logged_in"; text: string; scope?: string; expiresAt?: string }
  | { kind: "not_logged_in"; text: string };

/**
 * The parts of a declared server its login state depends on. Structurally compatible with
 * `DeclaredMcpServer` from `@mono-agent/config`: a spec with a `command` is a stdio server.
 */
export interface McpAuthStateServer {
  name: string;
  spec: { command: string } | { url: string; oauth?: false | { grant?: string } };
}

/**
 * The login state of one server from the token store's `records`: stdio and `oauth: false` servers use
 * none, client credentials authorize themselves, a stored token is a login (with its scopes and expiry,
 * `now` deciding whether it expired), else none yet.
 */
export function describeAuthState(
  server: McpAuthStateServer,
  records: readonly McpAuthRecord[],
  now = Date.now(),
): McpAuthState {
  const { spec } = server;
  if ("command" in spec) return { kind: "none", text: "-" };
  if (spec.oauth === false) return { kind: "none", text: "no OAuth" };
  if (spec.oauth?.grant === "client_credentials")
    return { kind: "client_credentials", text: "client credentials" };
  const record = records.find(
    (entry) => entry.serverName === server.name && entry.resource === new URL(spec.url).href,
  );
  const tokens = record?.tokens;
  if (tokens === undefined) return { kind: "not_logged_in", text: "not logged in" };
  const expiresAtMs =
    tokens.expires_in !== undefined && record?.tokensSavedAt !== undefined
      ? record.tokensSavedAt + tokens.expires_in * 1000
      : undefined;
  const expired = expiresAtMs !== undefined && expiresAtMs <= now;
  const parts = [
    expired ? (tokens.refresh_token ? "logged in (token expired, refreshes)" : "login expired") : "logged in",
  ];
  if (tokens.scope) parts.push(`scopes ${tokens.scope}`);
  return {
    kind: "logged_in",
    text: parts.join("; "),
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    ...(expiresAtMs !== undefined ? { expiresAt: new Date(expiresAtMs).toISOString() } : {}),
  };
}
