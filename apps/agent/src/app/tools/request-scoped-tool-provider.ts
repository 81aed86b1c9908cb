import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { startRequestScopedEndpoint } from "@mono-agent/http-kit/mcp";
import type { AppToolProvider, AppToolRunContext } from "./app-tool-provider.js";

/** Connect timeout for an app-owned endpoint, in ms: it is on loopback and already listening. */
export const APP_OWNED_CONNECT_TIMEOUT_MS = 10_000;

/** One app-owned MCP server, served per run on its own request-scoped endpoint. */
export interface RequestScopedToolOptions {
  /** The server name the tools are injected under (`mono-agent-run-history`, ...). */
  serverName: string;
  /** Whether this run gets the server at all (policy, switches, store capabilities). */
  isOffered: (run: AppToolRunContext) => boolean;
  /** A fresh MCP server per HTTP request, bound to this run. */
  createServer: (run: AppToolRunContext) => McpServer;
  /** Called once when the run settles, after the endpoint is closed. */
  onRunSettled?: (run: AppToolRunContext) => Promise<void> | void;
}

/**
 * An app-tool provider that starts one request-scoped endpoint per run and injects it as a streamable
 * HTTP server spec; if the endpoint cannot start, the tool is omitted for that run with a warning.
 */
export function requestScopedToolProvider(options: RequestScopedToolOptions): AppToolProvider {
  return async (run) => {
    if (!options.isOffered(run)) return { servers: [], cleanup: async () => {} };
    try {
      const endpoint = await startRequestScopedEndpoint({ createServer: () => options.createServer(run) });
      return {
        servers: [
          {
            name: options.serverName,
            transport: "http",
            url: endpoint.url,
            headers: {},
            options: { connectTimeoutMs: APP_OWNED_CONNECT_TIMEOUT_MS },
          },
        ],
        cleanup: async () => {
          await endpoint.close();
          await options.onRunSettled?.(run);
        },
      };
    } catch (error) {
      return {
        servers: [],
        warnings: [
          {
            kind: "app_tool_unavailable",
            message: `${options.serverName} is omitted for this run: its endpoint could not start (${error instanceof Error ? error.message : String(error)})`,
          },
        ],
        cleanup: async () => {},
      };
    }
  };
}
