import { type DeclaredMcpServer, isStdioServerSpec } from "@mono-agent/config";
import type { ConnectMcpServersOptions } from "./connect-mcp-servers.js";
import type { McpAuthStore } from "./mcp-auth-store.js";
import type { RunServerSpec } from "./run-server-spec.js";
import { type BrowserLogin, type BrowserLoginOptions, startBrowserLogin } from "./start-browser-login.js";

/** The outcome of {@link loginMcpServer}: connected with the login kept, or why not. */
export type McpLoginOutcome =
  | { status: "connected"; serverName: string; scope?: string; toolCount: number }
  | { status: "failed"; serverName: string; error: string };

/** Input of {@link loginMcpServer}. */
export interface LoginMcpServerInput {
  /** The server's run spec (`$env` values resolved); a remote server that uses OAuth. */
  spec: RunServerSpec;
  /** Where the login is kept; its last redirect port is tried first. */
  store: McpAuthStore;
  /** The callback port to use; else the one of the last login (any free one when taken), else a free one. */
  port?: number;
  /** How the login talks to the person: where instructions go, the env naming a browser, paste-back. */
  browser: Omit<BrowserLoginOptions, "port">;
  /** The connect options of a run (without the servers and the auth, which the login sets). */
  connect: Omit<ConnectMcpServersOptions, "servers" | "auth">;
  /** How a person logs in, for messages of the connect. */
  loginHint?: (serverName: string) => string;
}

/**
 * Why `mono-agent mcp login` cannot log in to a declared server (a stdio server, `oauth: false`, client
 * credentials), or undefined when it can.
 */
export function mcpLoginRefusal(server: DeclaredMcpServer): string | undefined {
  const { spec } = server;
  if (isStdioServerSpec(spec))
    return `"${server.name}" is a stdio server; only remote (HTTP/SSE) servers log in`;
  if (spec.oauth === false) return `"${server.name}" has "oauth": false; remove it to log in with OAuth`;
  if (spec.oauth?.grant === "client_credentials")
    return `"${server.name}" uses client credentials: it authorizes itself at every run, no login needed`;
  return undefined;
}

function portOf(redirectUri: string | undefined): number | undefined {
  if (redirectUri === undefined) return undefined;
  const port = Number(new URL(redirectUri).port);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

async function startLogin(port: number | undefined, options: Omit<BrowserLoginOptions, "port">) {
  try {
    return await startBrowserLogin({ ...options, port: port ?? 0 });
  } catch (error) {
    if (port === undefined) throw error;
    // The last login's port is taken: any free one will do for an authorization server that follows RFC 8252.
    return startBrowserLogin({ ...options, port: 0 });
  }
}

/**
 * Logs in to one remote server: starts the browser login on a loopback callback, connects the server
 * the way a run does with that login (which keeps the tokens in `store`), closes it and stops the
 * callback. A server that does not connect is a `failed` outcome; a callback port that cannot be
 * opened throws.
 */
export async function loginMcpServer(input: LoginMcpServerInput): Promise<McpLoginOutcome> {
  const serverName = input.spec.name;
  const previous = input.store.list().find((record) => record.serverName === serverName)?.redirectUri;
  const login: BrowserLogin = await startLogin(input.port ?? portOf(previous), input.browser);
  try {
    // The MCP SDK loads with the connect only, so the rest of ./node stays light.
    const { connectMcpServers } = await import("./connect-mcp-servers.js");
    const mcp = await connectMcpServers({
      ...input.connect,
      servers: [{ ...input.spec, options: { ...input.spec.options } }],
      auth: { store: input.store, ...(input.loginHint ? { loginHint: input.loginHint } : {}), login },
    });
    await mcp.close();
    const server = mcp.servers[0];
    if (server?.status !== "connected")
      return { status: "failed", serverName, error: server?.error ?? "the server did not connect" };
    const scope = input.store.list().find((entry) => entry.serverName === serverName)?.tokens?.scope;
    return {
      status: "connected",
      serverName,
      ...(scope ? { scope } : {}),
      toolCount: server.toolNames.length,
    };
  } finally {
    await login.close();
  }
}

/** What `mono-agent mcp login` prints when the login is kept. */
export function mcpLoginLine(outcome: Extract<McpLoginOutcome, { status: "connected" }>): string {
  const { serverName, scope, toolCount } = outcome;
  return `Logged in to "${serverName}"${scope ? ` (scopes: ${scope})` : ""}; it offers ${toolCount} tool${toolCount === 1 ? "" : "s"}.`;
}

/** What `mono-agent mcp logout` prints, from the count of records the store removed. */
export function mcpLogoutLine(serverName: string, removed: number): string {
  return removed > 0
    ? `Logged out of "${serverName}": its tokens and client registration are forgotten.`
    : `Nothing to forget: there is no login kept for "${serverName}".`;
}
