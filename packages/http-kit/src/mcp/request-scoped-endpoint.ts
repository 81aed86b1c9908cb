import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import { exactHost } from "../exact-host.js";
import { HttpKitError } from "../http-kit-error.js";
import { JSON_BODY_MAX_DEPTH } from "../json-nesting-depth.js";
import { startHttpServer } from "../node/start-http-server.js";
import { parseJsonText, readBodyText } from "../read-json-body.js";

/** Largest request body an app-owned endpoint reads, in bytes (reference §3.4: 1,000,000). */
export const REQUEST_SCOPED_BODY_LIMIT_BYTES = 1_000_000;

/** Options of {@link startRequestScopedEndpoint}. */
export interface RequestScopedEndpointOptions {
  /** A fresh MCP server for every HTTP request (stateless: nothing is shared between requests). */
  createServer: () => McpServer;
  /** Body cap in bytes; default {@link REQUEST_SCOPED_BODY_LIMIT_BYTES}. */
  bodyLimitBytes?: number;
}

/** A live request-scoped endpoint: its capability URL and how to close it. */
export interface RequestScopedEndpoint {
  /** `http://127.0.0.1:<port>/mcp/<random uuid>`: the only URL it serves. */
  readonly url: string;
  /** Closes the listener and every open connection; idempotent. */
  close(): Promise<void>;
}

/** An error answer; the connection is closed so an unread request body cannot confuse a kept-alive socket. */
function reject(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
    },
  });
}

/** What a bad body is answered with: 413 above the cap, 400 for anything that is not JSON within the depth cap. */
function rejectBody(error: HttpKitError, limit: number): Response {
  if (error.code === "body_too_large") return reject(413, `request body larger than ${limit} bytes`);
  if (error.code === "body_too_deep")
    return reject(400, `request body nests deeper than ${JSON_BODY_MAX_DEPTH} levels`);
  return reject(400, "request body is not JSON");
}

/** JSON-RPC methods answered without an event stream: nothing is ever reported while they run. */
const JSON_ANSWERED_METHODS = new Set(["initialize", "tools/list"]);

/** Whether every message of a request body is one of {@link JSON_ANSWERED_METHODS} (or a notification). */
function answersWithJson(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.every((message) => {
    if (typeof message !== "object" || message === null) return false;
    const { method, id } = message as { method?: unknown; id?: unknown };
    if (typeof method !== "string") return false;
    return id === undefined || JSON_ANSWERED_METHODS.has(method);
  });
}

/**
 * Serves one app-owned MCP server for one run (reference §3.4): an HTTP server on 127.0.0.1:0 that answers
 * only POST on `/mcp/<random uuid>` with the exact Host header `127.0.0.1:<port>` (anything else is 404),
 * with a fresh stateless MCP server and the SDK's streamable HTTP transport per HTTP request and a body
 * cap (413 above it).
 */
export async function startRequestScopedEndpoint(
  options: RequestScopedEndpointOptions,
): Promise<RequestScopedEndpoint> {
  const path = `/mcp/${randomUUID()}`;
  const limit = options.bodyLimitBytes ?? REQUEST_SCOPED_BODY_LIMIT_BYTES;
  let expectedHost = new Set<string>();
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use(exactHost({ allowed: () => expectedHost, reject: () => reject(404, "not found") }));
  app.all(path, async (c) => {
    // The capability is the exact path: a query string makes it another URL.
    if (new URL(c.req.url).search !== "") return reject(404, "not found");
    if (c.req.method !== "POST")
      return reject(405, "method not allowed: this endpoint is stateless, POST only");
    let parsed: unknown;
    try {
      parsed = parseJsonText(await readBodyText(c.req.raw, { maxBytes: limit }), { requireObject: false });
    } catch (error) {
      if (HttpKitError.isInstance(error)) return rejectBody(error, limit);
      throw error;
    }
    const mcp = options.createServer();
    // The handshake and the tool list are answered as plain JSON; a tool call keeps the event stream, so
    // its progress notifications reach the client while it runs.
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: answersWithJson(parsed),
    });
    c.env.outgoing.once("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    return transport.handleRequest(c.req.raw, { parsedBody: parsed });
  });
  app.notFound(() => reject(404, "not found"));
  app.onError((error) =>
    reject(500, `internal error: ${error instanceof Error ? error.message : String(error)}`),
  );
  const server = await startHttpServer({ fetch: app.fetch, host: "127.0.0.1", port: 0 });
  expectedHost = new Set([`127.0.0.1:${server.port}`]);
  return { url: `http://127.0.0.1:${server.port}${path}`, close: () => server.close() };
}
