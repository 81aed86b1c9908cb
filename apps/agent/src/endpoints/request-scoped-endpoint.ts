import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

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

/** Answers an error; the connection is closed so an unread request body cannot confuse a kept-alive socket. */
function reject(response: ServerResponse, status: number, message: string): void {
  response
    .writeHead(status, {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      connection: "close",
    })
    .end(`${message}\n`);
}

/** Reads the body up to `limit` bytes; past it, drains the rest without keeping it and returns undefined. */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

/**
 * Serves one app-owned MCP server for one run (reference §3.4): an HTTP server on 127.0.0.1:0 that answers
 * only POST on `/mcp/<random uuid>` with the exact Host header `127.0.0.1:<port>` (anything else is 404),
 * with a fresh stateless MCP server and transport per HTTP request and a body cap (413 above it).
 */
export async function startRequestScopedEndpoint(
  options: RequestScopedEndpointOptions,
): Promise<RequestScopedEndpoint> {
  const path = `/mcp/${randomUUID()}`;
  const limit = options.bodyLimitBytes ?? REQUEST_SCOPED_BODY_LIMIT_BYTES;
  let expectedHost = "";
  const server = createServer(async (request, response) => {
    if (request.url !== path || request.headers.host !== expectedHost)
      return reject(response, 404, "not found");
    if (request.method !== "POST")
      return reject(response, 405, "method not allowed: this endpoint is stateless, POST only");
    try {
      const body = await readBody(request, limit);
      if (body === undefined) return reject(response, 413, `request body larger than ${limit} bytes`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString("utf8"));
      } catch {
        return reject(response, 400, "request body is not JSON");
      }
      const mcp = options.createServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on("close", () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(request, response, parsed);
    } catch (error) {
      if (!response.headersSent)
        reject(response, 500, `internal error: ${error instanceof Error ? error.message : String(error)}`);
      else response.end();
    }
  });
  await new Promise<void>((resolveListening, rejectListening) => {
    server.once("error", rejectListening);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", rejectListening);
      resolveListening();
    });
  });
  const { port } = server.address() as AddressInfo;
  expectedHost = `127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${expectedHost}${path}`,
    close() {
      closing ??= new Promise<void>((resolveClosed) => {
        server.close(() => resolveClosed());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
