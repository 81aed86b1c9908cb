/** Most texts one `/v1/embeddings` request carries (reference §6.3). */
export const EMBEDDINGS_BATCH_SIZE = 32;
/** Largest response body read from the endpoint. */
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Options of {@link createEmbeddingsClient}. */
export interface EmbeddingsClientOptions {
  /** Base URL; requests go to `<endpoint>/v1/embeddings`. */
  endpoint: string;
  model: string;
  /** Dimension every returned vector must have. */
  dim: number;
  /** Bearer key, already resolved from the host environment. */
  apiKey?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Turns texts into vectors. */
export interface EmbeddingsClient {
  readonly model: string;
  readonly dim: number;
  /** One request for at most {@link EMBEDDINGS_BATCH_SIZE} texts; vectors in input order, unit length. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Scales a vector to unit length (a zero vector stays zero), so cosine similarity is a dot product. */
export function normalizeVector(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] = (vector[i] as number) / norm;
  return vector;
}

function endpointUrl(endpoint: string): URL {
  const url = new URL(endpoint);
  // Credentials in the URL are dropped: fetch refuses them, and the key belongs in apiKey.
  url.username = "";
  url.password = "";
  url.pathname = `${url.pathname.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/embeddings`;
  return url;
}

async function readBounded(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new Error(`the embeddings response is larger than ${MAX_RESPONSE_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A client of an OpenAI-compatible `POST /v1/embeddings` endpoint (Ollama, LM Studio, OpenAI). Errors
 * name the endpoint's origin and the problem, never the key or the texts.
 */
export function createEmbeddingsClient(options: EmbeddingsClientOptions): EmbeddingsClient {
  const url = endpointUrl(options.endpoint);
  const where = url.origin;
  const doFetch = options.fetch ?? fetch;
  return {
    model: options.model,
    dim: options.dim,
    async embed(texts) {
      if (texts.length === 0) return [];
      if (texts.length > EMBEDDINGS_BATCH_SIZE)
        throw new Error(`at most ${EMBEDDINGS_BATCH_SIZE} texts per embeddings request`);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: "POST",
          redirect: "error",
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: {
            "content-type": "application/json",
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: options.model, input: texts }),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        throw new Error(
          timedOut
            ? `the embeddings endpoint ${where} did not answer within ${options.timeoutMs} ms`
            : `the embeddings endpoint ${where} is unreachable`,
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`the embeddings endpoint ${where} answered HTTP ${response.status}`);
      }
      let body: unknown;
      try {
        body = JSON.parse(await readBounded(response));
      } catch {
        throw new Error(`the embeddings endpoint ${where} answered something other than JSON`);
      }
      const data = (body as { data?: unknown })?.data;
      if (!Array.isArray(data) || data.length !== texts.length)
        throw new Error(`the embeddings endpoint ${where} did not return one embedding per text`);
      const vectors: Float32Array[] = new Array(texts.length);
      for (const [position, item] of data.entries()) {
        const index = typeof item?.index === "number" ? item.index : position;
        const embedding = item?.embedding;
        if (
          !Number.isInteger(index) ||
          index < 0 ||
          index >= texts.length ||
          !Array.isArray(embedding) ||
          !embedding.every((value) => typeof value === "number" && Number.isFinite(value))
        )
          throw new Error(`the embeddings endpoint ${where} returned a malformed embedding`);
        if (embedding.length !== options.dim)
          throw new Error(
            `the embeddings endpoint ${where} returned ${embedding.length} dimensions for model ${options.model}; memory.embeddings.dim is ${options.dim}`,
          );
        vectors[index] = normalizeVector(embedding);
      }
      // A hole (an index answered twice, another never) is a missing embedding; `some` skips holes.
      if (Array.from(vectors).includes(undefined as unknown as Float32Array))
        throw new Error(`the embeddings endpoint ${where} did not return one embedding per text`);
      return vectors;
    },
  };
}
