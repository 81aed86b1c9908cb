// HTTP bench: run after a build, from the repo root:   node bench/http/run.mjs
// What hono (through @mono-agent/http-kit) costs on our loopback servers, each figure beside a baseline
// measured in the same run on plain node:http with the same work behind it:
//   - one MCP tools/call on a request-scoped app-tool endpoint (fresh stateless server per request),
//     baseline: the hand-rolled node:http endpoint with the SDK's node transport (as before the move);
//   - one web console API call (GET /api/threads with the bearer), baseline: a node:http handler that
//     checks the bearer and answers the same store listing.
// The exit code is 0 either way (timings vary by machine).
import { mkdtempSync } from "node:fs";
import { createServer, Agent, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const agentDir = join(repoRoot, "apps", "agent");
const fromAgent = (specifier) => import(pathToFileURL(join(agentDir, "node_modules", specifier)).href);
const { startRequestScopedEndpoint } = await import(
  join(agentDir, "dist", "endpoints", "request-scoped-endpoint.js")
);
const { startWebConsole, createWebThreadStore } = await import(
  join(repoRoot, "packages", "web-console", "dist", "node.js")
);
const { Client } = await fromAgent("@modelcontextprotocol/sdk/dist/esm/client/index.js");
const { StreamableHTTPClientTransport } = await fromAgent(
  "@modelcontextprotocol/sdk/dist/esm/client/streamableHttp.js",
);
const { McpServer } = await fromAgent("@modelcontextprotocol/sdk/dist/esm/server/mcp.js");
const { StreamableHTTPServerTransport } = await fromAgent(
  "@modelcontextprotocol/sdk/dist/esm/server/streamableHttp.js",
);

/** Calls measured per path, in alternating blocks so both see the same machine noise. */
const CALLS = 1_000;
const BLOCK = 100;
/** Warm-up calls per path before measuring (JIT, sockets). */
const WARM_UP_CALLS = 100;

const fixed = (value) => value.toFixed(3);
const percentile = (values, share) => [...values].sort((a, b) => a - b)[Math.floor(values.length * share)];

function echoServer() {
  const server = new McpServer({ name: "bench", version: "0" });
  server.registerTool("Echo", { description: "echo" }, async () => ({
    content: [{ type: "text", text: "ok" }],
  }));
  return server;
}

/** The request-scoped endpoint as it was before hono: node:http, its own checks, the SDK's node transport. */
async function baselineEndpoint() {
  const path = `/mcp/${crypto.randomUUID()}`;
  let expectedHost = "";
  const server = createServer(async (request, response) => {
    if (request.url !== path || request.headers.host !== expectedHost) return response.writeHead(404).end();
    if (request.method !== "POST") return response.writeHead(405).end();
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const mcp = echoServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on("close", () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, JSON.parse(Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  expectedHost = `127.0.0.1:${server.address().port}`;
  return {
    url: `http://${expectedHost}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

/** Mean, p50 and p95 per call of each path, measured in alternating blocks. */
async function compare(paths) {
  for (const call of Object.values(paths)) for (let index = 0; index < WARM_UP_CALLS; index++) await call();
  const samples = Object.fromEntries(Object.keys(paths).map((name) => [name, []]));
  for (let done = 0; done < CALLS; done += BLOCK)
    for (const [name, call] of Object.entries(paths))
      for (let index = 0; index < BLOCK; index++) {
        const started = performance.now();
        await call();
        samples[name].push(performance.now() - started);
      }
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [
      name,
      {
        mean: values.reduce((sum, value) => sum + value, 0) / values.length,
        p50: percentile(values, 0.5),
        p95: percentile(values, 0.95),
      },
    ]),
  );
}

function print(title, figures, baselineName) {
  console.log(title);
  for (const [name, { mean, p50, p95 }] of Object.entries(figures))
    console.log(
      `  ${name.padEnd(28)}: mean ${fixed(mean)} ms  p50 ${fixed(p50)} ms  p95 ${fixed(p95)} ms${name === baselineName ? "   (baseline)" : ""}`,
    );
}

async function mcpCall() {
  const current = await startRequestScopedEndpoint({ createServer: echoServer });
  const baseline = await baselineEndpoint();
  const clients = {};
  for (const [name, endpoint] of [
    ["node:http (before)", baseline],
    ["hono + http-kit (now)", current],
  ]) {
    const client = new Client({ name: "bench", version: "0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
    clients[name] = () => client.callTool({ name: "Echo", arguments: {} });
    clients[`${name}:close`] = () => client.close();
  }
  const figures = await compare({
    "node:http (before)": clients["node:http (before)"],
    "hono + http-kit (now)": clients["hono + http-kit (now)"],
  });
  print(
    `one MCP tools/call on a request-scoped endpoint (${CALLS} calls each)`,
    figures,
    "node:http (before)",
  );
  await clients["node:http (before):close"]();
  await clients["hono + http-kit (now):close"]();
  await current.close();
  await baseline.close();
}

async function webApiCall() {
  const dir = mkdtempSync(join(tmpdir(), "bench-http-"));
  const token = "bench-token-0123456789abcdefghij";
  const webConsole = await startWebConsole({
    app: { run: async () => ({ status: "succeeded", finalText: "" }) },
    storeFile: join(dir, "console.sqlite"),
    host: "127.0.0.1",
    port: 0,
    token,
  });
  for (let index = 0; index < 20; index++) webConsole.store.createThread();
  const store = createWebThreadStore({ file: join(dir, "console.sqlite") });
  const baseline = createServer((request, response) => {
    if (request.headers.authorization !== `Bearer ${token}`) return response.writeHead(401).end();
    const threads = store.listThreads().map((thread) => ({ ...thread, running: false }));
    response
      .writeHead(200, {
        "content-type": "application/json",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      })
      .end(JSON.stringify({ threads }));
  });
  await new Promise((resolve) => baseline.listen(0, "127.0.0.1", resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const get = (port) => () =>
    new Promise((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/threads",
          agent,
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => {
          response.resume();
          response.on("end", resolve);
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
  const figures = await compare({
    "node:http handler": get(baseline.address().port),
    "web console (hono)": get(webConsole.server.port),
  });
  print(
    `one web console API call, GET /api/threads of 20 threads (${CALLS} calls each)`,
    figures,
    "node:http handler",
  );
  agent.destroy();
  await new Promise((resolve) => {
    baseline.close(resolve);
    baseline.closeAllConnections();
  });
  store.close();
  await webConsole.close();
}

await mcpCall();
await webApiCall();
