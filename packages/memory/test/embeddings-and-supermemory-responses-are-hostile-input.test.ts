import { describe, expect, test } from "vitest";
import { createEmbeddingsClient } from "../src/journal/index.js";
import { openSupermemoryStore } from "../src/remote/index.js";

const respond =
  (body: unknown, init: ResponseInit = { status: 200 }): typeof fetch =>
  async () =>
    new Response(typeof body === "string" ? body : JSON.stringify(body), init);

const client = (fetchStub: typeof fetch, dim = 3) =>
  createEmbeddingsClient({
    endpoint: "http://user:pw@127.0.0.1:9/v1/",
    model: "m",
    dim,
    timeoutMs: 1_000,
    apiKey: "sk-never-shown-1234",
    fetch: fetchStub,
  });

describe("the embeddings endpoint's answers are hostile input", () => {
  test.each([
    ["not JSON", respond("<html>"), "answered something other than JSON"],
    ["no data", respond({ object: "list" }), "did not return one embedding per text"],
    [
      "one vector short",
      respond({ data: [{ index: 0, embedding: [1, 0, 0] }] }),
      "did not return one embedding per text",
    ],
    [
      "another dimension",
      respond({
        data: [
          { index: 0, embedding: [1, 0] },
          { index: 1, embedding: [1, 0] },
        ],
      }),
      "returned 2 dimensions for model m; memory.embeddings.dim is 3",
    ],
    [
      "a string in a vector",
      respond({
        data: [
          { index: 0, embedding: [1, "x", 0] },
          { index: 1, embedding: [1, 0, 0] },
        ],
      }),
      "malformed embedding",
    ],
    [
      "an index out of range",
      respond({
        data: [
          { index: 7, embedding: [1, 0, 0] },
          { index: 1, embedding: [1, 0, 0] },
        ],
      }),
      "malformed embedding",
    ],
    [
      "a duplicated index",
      respond({
        data: [
          { index: 1, embedding: [1, 0, 0] },
          { index: 1, embedding: [1, 0, 0] },
        ],
      }),
      "did not return one embedding per text",
    ],
    ["HTTP 401", respond("nope", { status: 401 }), "answered HTTP 401"],
  ])(
    "%s is refused with a sentence that names neither the key nor the credentials in the URL",
    async (_name, stub, message) => {
      const error = await client(stub)
        .embed(["a", "b"])
        .catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).toContain("http://127.0.0.1:9");
      expect((error as Error).message).not.toMatch(/sk-never|user:pw/);
    },
  );

  test("the request goes to /v1/embeddings with the bearer key, never follows redirects, and vectors come back unit length", async () => {
    let seen: { url: string; init: RequestInit } | undefined;
    const stub: typeof fetch = async (url, init) => {
      seen = { url: String(url), init: init as RequestInit };
      return new Response(JSON.stringify({ data: [{ index: 0, embedding: [3, 4, 0] }] }));
    };
    const [vector] = await client(stub).embed(["a"]);
    // Credentials in the URL are never sent (fetch refuses them); the key goes in the header.
    expect(seen?.url).toBe("http://127.0.0.1:9/v1/embeddings");
    expect(seen?.init.redirect).toBe("error");
    const headers = seen?.init.headers as Record<string, string>;
    expect(headers.authorization).toBe("Bearer sk-never-shown-1234");
    expect([...(vector as Float32Array)].map((value) => value.toFixed(2))).toEqual(["0.60", "0.80", "0.00"]);
    await expect(client(stub).embed(new Array(33).fill("x"))).rejects.toThrow("at most 32 texts");
  });
});

describe("the Supermemory API's answers are hostile input", () => {
  const store = (stub: typeof fetch) =>
    openSupermemoryStore({ endpoint: "http://127.0.0.1:9", apiKey: "sm-key", timeoutMs: 1_000, fetch: stub });

  test("malformed results are skipped or refused, long text is cut, scores are clamped", async () => {
    const hits = await store(
      respond({
        results: [
          { id: "m1", memory: `  spaced\u00a0out   ${"x".repeat(5_000)}`, similarity: 7 },
          { id: 42, memory: "bad id" },
          { id: "m2" },
          { id: "m3", chunk: "a chunk", similarity: Number.NaN },
        ],
      }),
    ).recall({ query: "q", limit: 8 });
    expect(hits.map((hit) => [hit.id, hit.score, hit.text.length])).toEqual([
      ["m1", 1, 2_000],
      ["m3", 0, 7],
    ]);
    expect(hits[0]?.text.startsWith("spaced out x")).toBe(true);
  });

  test.each([
    ["not JSON", respond("<html>"), "not JSON"],
    ["no results list", respond({ data: [] }), "no results list"],
    ["HTTP 500", respond("", { status: 500 }), "answered HTTP 500"],
  ])("%s is an error, never an empty result", async (_name, stub, message) => {
    await expect(store(stub).recall({ query: "q", limit: 8 })).rejects.toThrow(message);
  });
});
