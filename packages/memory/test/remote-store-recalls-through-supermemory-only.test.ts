import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { createToolPolicy } from "@mono-agent/policy";
import { afterEach, describe, expect, test } from "vitest";
import { createMemoryRecallServer } from "../src/index.js";
import { openSupermemoryStore } from "../src/remote/index.js";
import { memoryAvailability, memoryToolDecisions, openMemoryTools } from "../src/tools/index.js";
import { call, connect, tempRoot } from "./helpers.js";

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A fake Supermemory API on loopback: POST /v4/search over a fixed set of memories. */
async function fakeSupermemory(memories: string[]) {
  const state = { down: false, requests: [] as Array<{ auth?: string; body: Record<string, unknown> }> };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });
  const server = createServer(async (request, response) => {
    const body = JSON.parse((await read(request)) || "{}") as { q: string; limit: number };
    state.requests.push({
      ...(request.headers.authorization ? { auth: request.headers.authorization } : {}),
      body,
    });
    if (state.down || request.url !== "/v4/search" || request.method !== "POST") {
      response.writeHead(state.down ? 502 : 404).end();
      return;
    }
    const words = body.q.toLowerCase().split(/\s+/);
    const results = memories
      .map((memory, index) => ({
        id: `mem_${index}`,
        memory,
        similarity: words.filter((word) => memory.toLowerCase().includes(word)).length / words.length,
        updatedAt: "2026-09-01T10:00:00.000Z",
      }))
      .filter((result) => result.similarity > 0)
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, body.limit);
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ results, total: results.length }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return Object.assign(state, { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

describe("the remote Supermemory store", () => {
  test("MemoryRecall goes through the Supermemory search endpoint with the key", async () => {
    const fake = await fakeSupermemory(["Maria prefers tea over coffee", "The staging server is stg-3"]);
    const store = openSupermemoryStore({
      endpoint: fake.endpoint,
      apiKey: "sm-test-key",
      containerTag: "agent_a",
      timeoutMs: 2_000,
    });
    const client = await connect(createMemoryRecallServer({ store }));
    const result = await call(client, "MemoryRecall", { query: "staging server", limit: 3 });
    expect(result.isError).toBe(false);
    expect(result.structured.hits).toEqual([
      { id: "mem_1", score: 1, text: "The staging server is stg-3", type: "note", status: "open" },
    ]);
    expect(result.structured.degraded).toBeUndefined();
    expect(fake.requests[0]).toEqual({
      auth: "Bearer sm-test-key",
      body: { q: "staging server", limit: 3, searchMode: "memories", containerTag: "agent_a" },
    });
  });

  test("an unreachable API is a degraded result with the reason: no fallback, no fake empty result", async () => {
    const fake = await fakeSupermemory(["Maria prefers tea over coffee"]);
    fake.down = true;
    const store = openSupermemoryStore({ endpoint: fake.endpoint, apiKey: "sm-test-key", timeoutMs: 2_000 });
    await expect(store.recall({ query: "tea", limit: 8 })).rejects.toThrow(/answered HTTP 502/);
    const client = await connect(createMemoryRecallServer({ store }));
    const result = await call(client, "MemoryRecall", { query: "tea" });
    expect(result.structured).toMatchObject({ hits: [], degraded: true });
    expect(result.structured.reason).toContain("answered HTTP 502");
    expect(result.text).not.toContain("No memories matched");
  });

  test("MemoryJournal and Remember are not composed; MemoryRecall is", async () => {
    const fake = await fakeSupermemory(["Maria prefers tea over coffee"]);
    const loaded = {
      config: {
        memory: {
          backend: "supermemory" as const,
          mode: "lite" as const,
          recallTool: { enabled: true },
          rememberTool: { enabled: true },
          supermemory: { endpoint: fake.endpoint, apiKey: { $env: "SM_KEY" }, timeoutMs: 2_000 },
        },
      },
      memoryDir: tempRoot(),
    };
    const tools = openMemoryTools({
      loaded,
      policy: createToolPolicy({ allowedTools: ["*"], disallowedTools: [] }),
      env: { SM_KEY: "sm-env-key" },
      serve: (server) => server,
    });
    closers.push(() => tools.close());
    expect(tools.store?.capabilities).toMatchObject({
      tier: "supermemory",
      supportsRemember: false,
      supportsJournalBrowse: false,
    });
    const offered = tools.providers
      .filter((provider) => provider.isOffered({ runId: "r1" }))
      .map((provider) => provider.serverName);
    expect(offered).toEqual(["mono-agent-memory"]);
    const decisions = memoryToolDecisions(
      createToolPolicy({ allowedTools: ["*"], disallowedTools: [] }),
      memoryAvailability(loaded, tools.store),
    );
    expect(decisions.MemoryJournal).toMatchObject({ decision: "withheld", reason: "unavailable" });
    expect(decisions.Remember).toMatchObject({ decision: "withheld", reason: "unavailable" });
    await expect(tools.store?.remember({ text: "x" })).rejects.toThrow(/no durable write surface/);
    const client = await connect(tools.providers[0]?.createServer({ runId: "r1" }) as never);
    expect((await call(client, "MemoryRecall", { query: "tea" })).structured.hits[0].text).toBe(
      "Maria prefers tea over coffee",
    );
    expect(fake.requests.at(-1)?.auth).toBe("Bearer sm-env-key");
  });
});
