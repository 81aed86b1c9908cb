import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { afterEach, describe, expect, test } from "vitest";
import * as z from "zod";
import { type RequestScopedEndpoint, startRequestScopedEndpoint } from "../src/mcp.js";

let endpoint: RequestScopedEndpoint | undefined;
let created = 0;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

function echoServer(): McpServer {
  created += 1;
  const server = new McpServer({ name: "test-app-tool", version: "1.0.0" });
  server.registerTool(
    "Echo",
    { description: "echo", inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: "text", text }],
    }),
  );
  return server;
}

function rawPost(url: string, options: { path?: string; host?: string; body?: string; method?: string }) {
  const target = new URL(url);
  return new Promise<number>((resolveStatus, rejectStatus) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: target.port,
        path: options.path ?? target.pathname,
        method: options.method ?? "POST",
        headers: {
          host: options.host ?? target.host,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
      },
      (res) => {
        res.resume();
        resolveStatus(res.statusCode ?? 0);
      },
    );
    req.on("error", rejectStatus);
    req.end(options.body ?? "{}");
  });
}

describe("request-scoped endpoint", () => {
  test("answers the handshake and the tool list as JSON, and a tool call as an event stream with its progress", async () => {
    endpoint = await startRequestScopedEndpoint({
      createServer: () => {
        const server = new McpServer({ name: "test-app-tool", version: "1.0.0" });
        server.registerTool("Slow", { description: "reports progress" }, async (extra) => {
          const token = extra._meta?.progressToken;
          if (token !== undefined)
            await extra.sendNotification({
              method: "notifications/progress",
              params: { progressToken: token, progress: 1, total: 2, message: "half way" },
            });
          return { content: [{ type: "text", text: "done" }] };
        });
        return server;
      },
    });
    const post = async (body: object) => {
      const response = await fetch(endpoint!.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify(body),
      });
      return { type: response.headers.get("content-type") ?? "", text: await response.text() };
    };
    const initialize = await post({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    });
    expect(initialize.type).toContain("application/json");
    expect(JSON.parse(initialize.text)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: "test-app-tool" } },
    });
    const list = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(list.type).toContain("application/json");
    expect(JSON.parse(list.text).result.tools.map((tool: { name: string }) => tool.name)).toEqual(["Slow"]);
    const call = await post({
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "Slow", arguments: {}, _meta: { progressToken: "p1" } },
    });
    expect(call.type).toContain("text/event-stream");
    expect(call.text).toContain("half way");
    expect(call.text).toContain('"done"');
  });

  test("a real MCP client lists and calls the tool, with a fresh server per HTTP request", async () => {
    created = 0;
    endpoint = await startRequestScopedEndpoint({ createServer: echoServer });
    expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/[0-9a-f-]{36}$/);
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(["Echo"]);
    const result = await client.callTool({ name: "Echo", arguments: { text: "hi" } });
    expect(result.content).toEqual([{ type: "text", text: "hi" }]);
    await client.close();
    expect(created).toBeGreaterThanOrEqual(3);
  });

  test("a wrong path or a wrong Host header is 404; GET is 405; an oversized body is 413", async () => {
    endpoint = await startRequestScopedEndpoint({ createServer: echoServer, bodyLimitBytes: 1024 });
    const port = new URL(endpoint.url).port;
    expect(await rawPost(endpoint.url, { path: "/mcp/not-the-capability" })).toBe(404);
    expect(await rawPost(endpoint.url, { host: `localhost:${port}` })).toBe(404);
    expect(await rawPost(endpoint.url, { host: "evil.example" })).toBe(404);
    expect(await rawPost(endpoint.url, { method: "GET" })).toBe(405);
    expect(await rawPost(endpoint.url, { body: JSON.stringify({ padding: "x".repeat(2048) }) })).toBe(413);
  });

  test("after close the endpoint refuses connections", async () => {
    endpoint = await startRequestScopedEndpoint({ createServer: echoServer });
    const url = endpoint.url;
    await endpoint.close();
    await expect(rawPost(url, {})).rejects.toThrow(/ECONNREFUSED/);
  });

  test("two endpoints get different ports and paths", async () => {
    const first = await startRequestScopedEndpoint({ createServer: echoServer });
    const second = await startRequestScopedEndpoint({ createServer: echoServer });
    try {
      expect(first.url).not.toBe(second.url);
      expect(await rawPost(first.url, { path: new URL(second.url).pathname })).toBe(404);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
