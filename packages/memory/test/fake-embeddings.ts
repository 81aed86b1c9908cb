import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Dimension of the fake model's vectors. */
export const FAKE_DIM = 16;
export const FAKE_MODEL = "fake-embed:v1";

/** Word groups the fake model treats as one meaning (dims 0-4); other words hash into dims 5-15. */
const CONCEPTS: readonly (readonly string[])[] = [
  ["tea", "coffee", "beverage", "beverages", "drink", "drinks", "espresso"],
  ["server", "host", "machine", "staging", "box"],
  ["birthday", "born", "anniversary"],
  ["dog", "pet", "puppy", "animal"],
  ["car", "vehicle", "drive", "automobile"],
];

/** The fake model: a deterministic bag-of-meanings vector, so paraphrases land near each other. */
export function fakeEmbedding(text: string, dim = FAKE_DIM): number[] {
  const vector = new Array<number>(dim).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const concept = CONCEPTS.findIndex((words) => words.includes(word));
    if (concept >= 0) vector[concept % dim] = (vector[concept % dim] as number) + 1;
    else {
      const slot = 5 + ((createHash("sha256").update(word).digest()[0] as number) % (dim - 5));
      vector[slot] = (vector[slot] as number) + 0.15;
    }
  }
  return vector;
}

/** A fake OpenAI-compatible embeddings server on 127.0.0.1, with a switch to take it down. */
export interface FakeEmbeddingsServer {
  endpoint: string;
  /** Texts per request received, in order. */
  batches: number[];
  /** Bearer header of the last request. */
  lastAuthorization: string | undefined;
  down: boolean;
  close(): Promise<void>;
}

export async function startFakeEmbeddingsServer(dim = FAKE_DIM): Promise<FakeEmbeddingsServer> {
  const state = { batches: [] as number[], lastAuthorization: undefined as string | undefined, down: false };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      state.lastAuthorization = request.headers.authorization;
      if (state.down || request.method !== "POST" || request.url !== "/v1/embeddings") {
        response.writeHead(state.down ? 503 : 404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model: string; input: string[] };
      state.batches.push(body.input.length);
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          object: "list",
          model: body.model,
          data: body.input.map((text, index) => ({
            object: "embedding",
            index,
            embedding: fakeEmbedding(text, dim),
          })),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeEmbeddingsServer;
}

/** The same fake model as an in-process `fetch` (contract tests run without a socket). */
export const fakeEmbeddingsFetch: typeof fetch = async (_url, init) => {
  const body = JSON.parse(String(init?.body)) as { input: string[] };
  return new Response(
    JSON.stringify({ data: body.input.map((text, index) => ({ index, embedding: fakeEmbedding(text) })) }),
    { status: 200, headers: { "content-type": "application/json" } },
  );
};
