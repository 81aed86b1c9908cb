import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createMemoryRecallServer } from "../src/index.js";
import {
  createEmbeddingsClient,
  type JournalMemoryStore,
  openJournalMemoryStore,
} from "../src/journal/index.js";
import { openLiteMemoryStore } from "../src/lite/index.js";
import {
  FAKE_DIM,
  FAKE_MODEL,
  type FakeEmbeddingsServer,
  startFakeEmbeddingsServer,
} from "./fake-embeddings.js";
import { bulletLines, call, connect, tempRoot } from "./helpers.js";

const closers: Array<() => unknown> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function fakeServer() {
  const server = await startFakeEmbeddingsServer();
  closers.push(() => server.close());
  return server;
}

function openJournal(server: FakeEmbeddingsServer, root = tempRoot(), model = FAKE_MODEL) {
  const store = openJournalMemoryStore({
    root,
    embeddings: createEmbeddingsClient({
      endpoint: server.endpoint,
      model,
      dim: FAKE_DIM,
      timeoutMs: 2_000,
      apiKey: "test-key-1",
    }),
    circuitBreaker: { failureThreshold: 2, cooldownMs: 150 },
  });
  closers.push(() => store.close());
  return store;
}

const FACTS = [
  "Maria prefers tea over coffee",
  "The staging server is stg-3",
  "Rex the dog is three years old",
];

async function remembered(store: JournalMemoryStore) {
  for (const text of FACTS) await store.remember({ text });
}

describe("journal tier: full text + vectors merged by reciprocal rank fusion", () => {
  test("a paraphrased query finds a fact that full text alone misses", async () => {
    const server = await fakeServer();
    const store = openJournal(server);
    await remembered(store);
    await store.flush();
    expect(store.indexingStatus()).toMatchObject({ vectors: 3, missingVectors: 0, breaker: "closed" });
    expect(server.lastAuthorization).toBe("Bearer test-key-1");

    const lite = openLiteMemoryStore({ root: tempRoot() });
    closers.push(() => lite.close());
    for (const text of FACTS) await lite.remember({ text });
    expect(await lite.recall({ query: "favourite beverage", limit: 8 })).toEqual([]);

    const result = await store.recallWithStatus({ query: "favourite beverage", limit: 8 });
    expect(result.degraded).toBeUndefined();
    expect(result.hits[0]).toMatchObject({ text: "Maria prefers tea over coffee", score: 1 });
    // A query both searches agree on ranks first; full-text hits are kept.
    const both = await store.recallWithStatus({ query: "staging host", limit: 2 });
    expect(both.hits[0]?.text).toBe("The staging server is stg-3");
  });

  test("embeddings server down: recall degrades to full text with a reason, nothing is lost, vectors fill in when it returns", async () => {
    const server = await fakeServer();
    server.down = true;
    const root = tempRoot();
    const store = openJournal(server, root);
    await remembered(store);
    await store.flush();
    expect(bulletLines(root)).toHaveLength(3);
    expect(store.indexingStatus()).toMatchObject({ vectors: 0, missingVectors: 3, breaker: "open" });

    const client = await connect(createMemoryRecallServer({ store }));
    const degraded = await call(client, "MemoryRecall", { query: "tea" });
    expect(degraded.isError).toBe(false);
    expect(degraded.structured).toMatchObject({
      degraded: true,
      hits: [{ text: "Maria prefers tea over coffee" }],
    });
    expect(degraded.structured.reason).toMatch(/full text only: .*HTTP 503/);
    expect(degraded.text).toContain("[degraded: Searched full text only");
    const paraphrase = await call(client, "MemoryRecall", { query: "favourite beverage" });
    expect(paraphrase.structured).toMatchObject({ degraded: true, hits: [] });

    server.down = false;
    await vi.waitFor(() => expect(store.indexingStatus()).toMatchObject({ vectors: 3, missingVectors: 0 }), {
      timeout: 5_000,
      interval: 50,
    });
    const recovered = await call(client, "MemoryRecall", { query: "favourite beverage" });
    expect(recovered.structured.degraded).toBeUndefined();
    expect(recovered.structured.hits[0].text).toBe("Maria prefers tea over coffee");
    expect(bulletLines(root)).toHaveLength(3);
  });

  test("indexing is batched (at most 32 per request) behind a bounded queue; an overflow is backfilled, not lost", async () => {
    const server = await fakeServer();
    server.down = true;
    const root = tempRoot();
    const first = openJournalMemoryStore({
      root,
      embeddings: createEmbeddingsClient({
        endpoint: server.endpoint,
        model: FAKE_MODEL,
        dim: FAKE_DIM,
        timeoutMs: 2_000,
      }),
      circuitBreaker: { failureThreshold: 1, cooldownMs: 60_000 },
      queue: { maxItems: 10 },
    });
    for (let n = 0; n < 70; n++) await first.remember({ text: `Fact number ${n} about the build farm` });
    await first.flush();
    expect(first.indexingStatus()).toMatchObject({ queued: 10, missingVectors: 70 });
    first.close();
    server.down = false;
    const store = openJournal(server, root);
    await vi.waitFor(() => expect(store.indexingStatus()).toMatchObject({ vectors: 70, missingVectors: 0 }), {
      timeout: 5_000,
      interval: 50,
    });
    expect(Math.max(...server.batches)).toBeLessThanOrEqual(32);
    expect(server.batches.reduce((sum, size) => sum + size, 0)).toBe(70);
  });

  test("hash-dedup: one hit per text however many daily entries repeat it", async () => {
    const server = await fakeServer();
    const root = tempRoot();
    const seed = openJournal(server, root);
    await seed.remember({ text: "Maria prefers tea over coffee" });
    seed.close();
    const daily = join(root, "daily", `${new Date().toISOString().slice(0, 10)}.md`);
    const text = readFileSync(daily, "utf8");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(
      daily,
      `${text}${text
        .split("\n")
        .slice(2)
        .join("\n")
        .replace(/id=[0-9a-f]+/, "id=hand-copy-1")}`,
    );
    const store = openJournal(server, root);
    await store.flush();
    const result = await store.recallWithStatus({ query: "tea", limit: 8 });
    expect(result.hits.map((hit) => hit.text)).toEqual(["Maria prefers tea over coffee"]);
  });

  test("managed generations: the manifest names the active one; rebuild switches atomically; a model change never mixes dimensions; rollback returns", async () => {
    const server = await fakeServer();
    const root = tempRoot();
    const store = openJournal(server, root);
    await remembered(store);
    await store.flush();
    const manifestPath = join(root, ".index", "manifest.json");
    const initial = JSON.parse(readFileSync(manifestPath, "utf8"));
    expect(initial).toMatchObject({
      schemaVersion: 1,
      active: {
        tier: "journal",
        embeddingModel: FAKE_MODEL,
        dimension: FAKE_DIM,
        origin: "initial",
        policyVersion: "mono-agent-memory-rebuild-v1",
      },
    });
    const rebuilt = await store.rebuild();
    expect(rebuilt).toMatchObject({ memories: 3, vectors: 3 });
    const after = JSON.parse(readFileSync(manifestPath, "utf8"));
    expect(after.active.name).toBe(rebuilt.generation);
    expect(after.previous.name).toBe(initial.active.name);
    expect(after.active.sourceFingerprint).toMatch(/^[0-9a-f]{64}$/);

    // Rebuild with the endpoint down fails and leaves the active generation in place.
    server.down = true;
    await expect(store.rebuild()).rejects.toThrow(/active generation is unchanged/);
    expect(JSON.parse(readFileSync(manifestPath, "utf8")).active.name).toBe(rebuilt.generation);
    server.down = false;
    store.close();

    // Another model: the old generation's vectors are not used; recall says why until a rebuild.
    const other = openJournal(server, root, "other-embed:v2");
    const mismatched = await other.recallWithStatus({ query: "tea", limit: 8 });
    expect(mismatched.degraded?.reason).toContain("run `mono-agent memory rebuild`");
    expect(mismatched.hits[0]?.text).toBe("Maria prefers tea over coffee");
    const switched = await other.rebuild();
    expect(JSON.parse(readFileSync(manifestPath, "utf8")).active).toMatchObject({
      name: switched.generation,
      embeddingModel: "other-embed:v2",
    });
    expect(
      (await other.recallWithStatus({ query: "favourite beverage", limit: 8 })).degraded,
    ).toBeUndefined();
    // Rolling back to the fake-embed generation under other-embed config is refused (never mixes models).
    await expect(other.rollback()).rejects.toThrow(/set memory.embeddings back/);
    other.close();
    const back = openJournal(server, root, FAKE_MODEL);
    expect((await back.recallWithStatus({ query: "tea", limit: 8 })).degraded?.reason).toContain(
      "other-embed:v2",
    );
    expect((await back.rollback()).generation).toBe(rebuilt.generation);
    expect((await back.recallWithStatus({ query: "favourite beverage", limit: 8 })).hits[0]?.text).toBe(
      "Maria prefers tea over coffee",
    );
    expect(existsSync(join(root, ".index", "generations", initial.active.name))).toBe(false);
  });
});
