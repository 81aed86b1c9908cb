import { createToolPolicy } from "@mono-agent/policy";
import { afterEach, describe, expect, test } from "vitest";
import { openMemoryTools } from "../src/tools/index.js";
import { FAKE_DIM, FAKE_MODEL, fakeEmbeddingsFetch } from "./fake-embeddings.js";
import { call, connect, tempRoot } from "./helpers.js";

const closers: Array<() => unknown> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

const policy = createToolPolicy({ allowedTools: ["*"], disallowedTools: [] });
const switches = { recallTool: { enabled: true }, rememberTool: { enabled: true } };
const embeddings = {
  provider: "openai" as const,
  model: FAKE_MODEL,
  dim: FAKE_DIM,
  endpoint: "http://127.0.0.1:9",
  apiKey: { $env: "EMBED_KEY" },
  timeoutMs: 2_000,
  circuitBreaker: { failureThreshold: 3, cooldownMs: 1_000 },
};

function open(memory: Record<string, unknown>, env: Record<string, string> = {}) {
  const tools = openMemoryTools({
    loaded: { config: { memory: { ...switches, ...memory } }, memoryDir: tempRoot() },
    policy,
    env,
    serve: (server) => server,
    fetch: fakeEmbeddingsFetch,
  });
  closers.push(() => tools.close());
  return tools;
}

describe("openMemoryTools composes the configured tier", () => {
  test("journal: all three tools; Remember then MemoryRecall finds the fact by meaning", async () => {
    const tools = open({ mode: "journal", embeddings }, { EMBED_KEY: "k-1" });
    expect(tools.store?.capabilities.tier).toBe("journal");
    const run = { runId: "r1" };
    expect(
      tools.providers.filter((provider) => provider.isOffered(run)).map((provider) => provider.serverName),
    ).toEqual(["mono-agent-memory", "mono-agent-memory-journal", "mono-agent-memory-write"]);
    const remember = await connect(tools.providers[2]?.createServer(run) as never);
    expect((await call(remember, "Remember", { text: "Maria prefers tea over coffee" })).isError).toBe(false);
    await (tools.store as { flush(): Promise<void> }).flush();
    const recall = await connect(tools.providers[0]?.createServer(run) as never);
    const result = await call(recall, "MemoryRecall", { query: "favourite beverage" });
    expect(result.structured.hits[0].text).toBe("Maria prefers tea over coffee");
  });

  test("an unset key variable or the bujo tier refuse to open, saying why (the host then starts without memory tools)", () => {
    expect(() => open({ mode: "journal", embeddings })).toThrow(
      "memory.embeddings.apiKey reads EMBED_KEY, which is not set",
    );
    expect(() => open({ mode: "bujo", embeddings })).toThrow(
      'memory.mode "bujo" (model curation) is not available in this version',
    );
  });
});
