import { MemoryError } from "../memory-error.js";
import type { MemoryHit, MemoryStore, MemoryStoreCapabilities, RecallResult } from "../memory-store.js";
import { normalizeMemoryText } from "../normalize-memory-text.js";

/** Largest search response read from the API. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** Longest text of one hit kept (longer remote text is cut). */
const MAX_HIT_CHARS = 2_000;

/** Options of {@link openSupermemoryStore}. */
export interface SupermemoryStoreOptions {
  /** Base URL of the API, e.g. https://api.supermemory.ai. */
  endpoint: string;
  /** The API key, resolved from the host environment. */
  apiKey: string;
  containerTag?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const CAPABILITIES: MemoryStoreCapabilities = {
  tier: "supermemory",
  supportsRemember: false,
  supportsJournalBrowse: false,
  readOnly: false,
};

/**
 * The remote Supermemory store: MemoryRecall through its search endpoint (`POST /v4/search`). It has
 * no local journal browse and no durable write surface, so MemoryJournal and Remember are not
 * composed; a failed search is an error (the recall tool reports it as degraded), never an empty
 * result and never a fallback to another store.
 */
export function openSupermemoryStore(options: SupermemoryStoreOptions): MemoryStore & { close(): void } {
  const url = new URL("/v4/search", options.endpoint);
  const where = url.origin;
  const doFetch = options.fetch ?? fetch;
  const search = async ({ query, limit }: { query: string; limit: number }): Promise<RecallResult> => {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: "POST",
        redirect: "error",
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          q: query,
          limit,
          searchMode: "memories",
          ...(options.containerTag ? { containerTag: options.containerTag } : {}),
        }),
      });
    } catch (error) {
      throw new MemoryError("store_unavailable", `The Supermemory API at ${where} is unreachable.`, {
        cause: error,
      });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new MemoryError(
        "store_unavailable",
        `The Supermemory API at ${where} answered HTTP ${response.status}.`,
      );
    }
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > MAX_RESPONSE_BYTES) {
      await response.body?.cancel();
      throw new MemoryError("store_unavailable", "The Supermemory search response is too large.");
    }
    const text = await response.text();
    if (text.length > MAX_RESPONSE_BYTES)
      throw new MemoryError("store_unavailable", "The Supermemory search response is too large.");
    let results: unknown;
    try {
      results = (JSON.parse(text) as { results?: unknown }).results;
    } catch {
      throw new MemoryError("store_unavailable", "The Supermemory search response is not JSON.");
    }
    if (!Array.isArray(results))
      throw new MemoryError("store_unavailable", "The Supermemory search response has no results list.");
    const hits: MemoryHit[] = [];
    for (const result of results) {
      const item = result as { id?: unknown; memory?: unknown; chunk?: unknown; similarity?: unknown };
      const body =
        typeof item.memory === "string"
          ? item.memory
          : typeof item.chunk === "string"
            ? item.chunk
            : undefined;
      if (typeof item.id !== "string" || body === undefined) continue;
      const similarity =
        typeof item.similarity === "number" && Number.isFinite(item.similarity) ? item.similarity : 0;
      hits.push({
        id: item.id.slice(0, 128),
        text: normalizeMemoryText(body).slice(0, MAX_HIT_CHARS),
        type: "note",
        status: "open",
        score: Math.round(Math.min(1, Math.max(0, similarity)) * 1000) / 1000,
      });
      if (hits.length >= limit) break;
    }
    return { hits };
  };
  return {
    capabilities: CAPABILITIES,
    remember: () =>
      Promise.reject(new MemoryError("read_only", "The Supermemory store has no durable write surface.")),
    recall: async (input) => (await search(input)).hits,
    recallWithStatus: search,
    close() {},
  };
}
