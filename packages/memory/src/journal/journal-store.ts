import { createHash } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { INDEX_DIR } from "../lite/memory-paths.js";
import {
  type LiteMemoryStore,
  type LiteMemoryStoreOptions,
  openLiteMemoryStore,
} from "../lite/lite-store.js";
import { MemoryError } from "../memory-error.js";
import type { MemoryHit, MemoryStoreCapabilities, RecallResult } from "../memory-store.js";
import { CircuitBreaker, type CircuitBreakerOptions } from "./circuit-breaker.js";
import { EMBEDDINGS_BATCH_SIZE, type EmbeddingsClient } from "./embeddings-client.js";
import {
  GENERATIONS_DIR,
  generationDir,
  type IndexGeneration,
  type IndexManifest,
  newGenerationName,
  pruneGenerations,
  REBUILD_POLICY_VERSION,
  readIndexManifest,
  writeIndexManifest,
} from "./index-manifest.js";
import { fuseRankings } from "./reciprocal-rank-fusion.js";
import { VectorIndex } from "./vector-index.js";
import { VectorQueue } from "./vector-queue.js";

/** Candidates each search contributes to the fusion. */
const CANDIDATES = 50;
/** Cosine similarity below which a vector neighbour is no match at all. */
const MIN_VECTOR_SCORE = 0.2;

/** Options of {@link openJournalMemoryStore}. */
export interface JournalMemoryStoreOptions extends LiteMemoryStoreOptions {
  embeddings: EmbeddingsClient;
  circuitBreaker: Omit<CircuitBreakerOptions, "now">;
  /** Queue bounds (tests shrink them). */
  queue?: { maxItems?: number; maxBytes?: number };
}

/** Vector indexing state, for `memory stats` / `memory audit`. */
export interface VectorIndexingStatus {
  generation: string | undefined;
  embeddingModel: string;
  dimension: number;
  vectors: number;
  missingVectors: number;
  queued: number;
  breaker: "closed" | "open" | "half-open";
  /** Why recall is degraded now, if it is. */
  degradedReason?: string;
}

/** The journal tier: the lite store plus vectors, merged with full text by reciprocal rank fusion. */
export interface JournalMemoryStore extends LiteMemoryStore {
  recallWithStatus(input: { query: string; limit: number }): Promise<RecallResult>;
  /** Builds a complete new index generation (full text and vectors) and switches to it atomically. */
  rebuild(): Promise<{ files: number; memories: number; generation?: string; vectors?: number }>;
  /** Makes the previous generation active again. */
  rollback(): Promise<{ generation: string }>;
  indexingStatus(): VectorIndexingStatus;
  /** Resolves once the queue is drained or the breaker stops it. */
  flush(): Promise<void>;
}

function fingerprintOfIds(memories: ReadonlyArray<{ id: string }>): string {
  const hash = createHash("sha256");
  for (const id of memories.map((memory) => memory.id).sort()) hash.update(`${id}\n`);
  return hash.digest("hex");
}

function listGenerations(root: string): string[] {
  try {
    return readdirSync(join(root, INDEX_DIR, GENERATIONS_DIR));
  } catch {
    return [];
  }
}

/**
 * Opens the journal tier over `root`: canonical daily files and the FTS index of the lite store (so
 * Remember and MemoryJournal behave exactly as there), plus a managed vector generation named by
 * `.index/manifest.json`. Every new or unindexed memory goes through a bounded queue to the embeddings
 * endpoint in batches of at most 32, behind a circuit breaker; while the endpoint is down recall
 * answers from full text alone and says so.
 */
export function openJournalMemoryStore(options: JournalMemoryStoreOptions): JournalMemoryStore {
  const { root, embeddings } = options;
  const now = options.now ?? (() => new Date());
  const lite = openLiteMemoryStore(options);
  const breaker = new CircuitBreaker(options.circuitBreaker);
  const queue = new VectorQueue(options.queue?.maxItems, options.queue?.maxBytes);
  const matches = (generation: IndexGeneration) =>
    generation.embeddingModel === embeddings.model && generation.dimension === embeddings.dim;

  let manifest: IndexManifest | undefined;
  let vectors: VectorIndex | undefined;
  /** Why the active generation cannot serve this config, if it cannot. */
  let mismatch: string | undefined;
  const read = readIndexManifest(root);
  if (read === "invalid") {
    mismatch = "the index manifest is unreadable; run `mono-agent memory rebuild`";
  } else if (read === undefined) {
    if (!options.readOnly) {
      const generation: IndexGeneration = {
        name: newGenerationName(now()),
        tier: "journal",
        sourceFingerprint: fingerprintOfIds([]),
        policyVersion: REBUILD_POLICY_VERSION,
        createdAt: now().toISOString(),
        embeddingModel: embeddings.model,
        dimension: embeddings.dim,
        origin: "initial",
      };
      try {
        vectors = VectorIndex.open(generationDir(root, generation.name), embeddings.model, embeddings.dim);
        manifest = { schemaVersion: 1, active: generation };
        writeIndexManifest(root, manifest);
      } catch (error) {
        vectors?.close();
        lite.close();
        throw new MemoryError(
          "store_unavailable",
          "The first vector index generation could not be created.",
          {
            cause: error,
          },
        );
      }
    } else {
      mismatch = "the vector index was never built";
    }
  } else {
    manifest = read;
    if (!matches(read.active)) {
      mismatch = `the active index generation holds vectors of ${read.active.embeddingModel} (${read.active.dimension} dimensions), but memory.embeddings is ${embeddings.model} (${embeddings.dim}); run \`mono-agent memory rebuild\``;
    } else {
      try {
        vectors = VectorIndex.open(generationDir(root, read.active.name), embeddings.model, embeddings.dim);
      } catch {
        mismatch = "the active index generation is damaged; run `mono-agent memory rebuild`";
      }
    }
  }

  let pumping: Promise<void> | undefined;
  let paused = false;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** Where the backfill scan of the index continues (a rowid); 0 starts a new pass. */
  let backfillCursor = 0;
  /** Queues memories without a vector, resuming where the last scan stopped, until the queue is full. */
  const backfill = () => {
    if (!vectors || options.readOnly) return;
    queue.overflowed = false;
    for (;;) {
      const page = lite.currentMemoriesAfter(backfillCursor, 512);
      if (page.length === 0) {
        backfillCursor = 0;
        return;
      }
      for (const memory of page) {
        if (!vectors.has(memory.id) && !queue.has(memory.id) && !queue.offer(memory)) return;
        backfillCursor = memory.rowid;
      }
    }
  };
  const scheduleRetry = () => {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void pump();
      },
      Math.max(breaker.retryInMs, 10),
    );
    retryTimer.unref();
  };
  const drain = async () => {
    for (;;) {
      if (closed || paused || !vectors) return;
      if (queue.size === 0) {
        if (!queue.overflowed) return;
        backfill();
        if (queue.size === 0) return;
      }
      if (breaker.state === "open") {
        scheduleRetry();
        return;
      }
      const batch = queue.peek(EMBEDDINGS_BATCH_SIZE);
      try {
        const found = await breaker.run(() => embeddings.embed(batch.map((item) => item.text)));
        if (closed) return;
        vectors.add(batch.map((item, index) => ({ id: item.id, vector: found[index] as Float32Array })));
        queue.remove(batch.length);
      } catch {
        if (breaker.state !== "closed") {
          scheduleRetry();
          return;
        }
      }
    }
  };
  const pump = (): Promise<void> => {
    if (!pumping) pumping = drain().finally(() => (pumping = undefined));
    return pumping;
  };
  backfill();
  void pump();

  const degradedReason = (): string | undefined => {
    if (mismatch) return `Searched full text only: ${mismatch}.`;
    if (breaker.state === "open")
      return `Searched full text only: ${breaker.reason ?? "the embeddings endpoint failed"}; retrying in ${Math.ceil(breaker.retryInMs / 1000)} s.`;
    return undefined;
  };

  const recallWithStatus = async ({
    query,
    limit,
  }: {
    query: string;
    limit: number;
  }): Promise<RecallResult> => {
    const text = await lite.recall({ query, limit: Math.max(limit, CANDIDATES) });
    let vectorHits: Array<{ id: string; score: number }> = [];
    let degraded = degradedReason();
    if (!degraded && vectors) {
      try {
        const [queryVector] = await breaker.run(() => embeddings.embed([query]));
        vectorHits = vectors.search(queryVector as Float32Array, CANDIDATES, MIN_VECTOR_SCORE);
        if (queue.size > 0 || queue.overflowed) void pump();
      } catch (error) {
        degraded = `Searched full text only: ${error instanceof Error ? error.message : "the embeddings endpoint failed"}.`;
      }
    }
    const known = new Map<string, MemoryHit>(text.map((hit) => [hit.id, hit]));
    const unknown = vectorHits.map((hit) => hit.id).filter((id) => !known.has(id));
    for (const [id, hit] of lite.currentByIds(unknown)) known.set(id, hit);
    const rankings = [text.map((hit) => hit.id), vectorHits.map((hit) => hit.id)];
    const hits = fuseRankings(rankings, known, limit);
    return { hits, ...(degraded ? { degraded: { reason: degraded } } : {}) };
  };

  const buildGeneration = async (origin: "rebuild"): Promise<{ name: string; vectors: number }> => {
    const memories = lite.currentMemories();
    const name = newGenerationName(now());
    const fresh = VectorIndex.open(generationDir(root, name), embeddings.model, embeddings.dim);
    try {
      const byText = new Map<string, Float32Array>();
      const texts = [...new Set(memories.map((memory) => memory.text))];
      for (let start = 0; start < texts.length; start += EMBEDDINGS_BATCH_SIZE) {
        const batch = texts.slice(start, start + EMBEDDINGS_BATCH_SIZE);
        const found = await breaker.run(() => embeddings.embed(batch));
        for (const [index, text] of batch.entries()) byText.set(text, found[index] as Float32Array);
      }
      fresh.add(
        memories.map((memory) => ({ id: memory.id, vector: byText.get(memory.text) as Float32Array })),
      );
    } catch (error) {
      fresh.close();
      pruneGenerations(
        root,
        manifest ? [manifest.active.name, ...(manifest.previous ? [manifest.previous.name] : [])] : [],
        [name],
      );
      throw new MemoryError(
        "store_unavailable",
        `The new index generation could not be built (${error instanceof Error ? error.message : "embeddings failed"}); the active generation is unchanged.`,
        { cause: error },
      );
    }
    const generation: IndexGeneration = {
      name,
      tier: "journal",
      sourceFingerprint: fingerprintOfIds(memories),
      policyVersion: REBUILD_POLICY_VERSION,
      createdAt: now().toISOString(),
      embeddingModel: embeddings.model,
      dimension: embeddings.dim,
      origin,
    };
    const next: IndexManifest = {
      schemaVersion: 1,
      active: generation,
      ...(manifest ? { previous: manifest.active } : {}),
    };
    writeIndexManifest(root, next);
    vectors?.close();
    vectors = fresh;
    manifest = next;
    mismatch = undefined;
    pruneGenerations(
      root,
      [generation.name, ...(next.previous ? [next.previous.name] : [])],
      listGenerations(root),
    );
    return { name, vectors: fresh.size };
  };

  const exclusive = async <T>(task: () => Promise<T>): Promise<T> => {
    if (options.readOnly) throw new MemoryError("read_only", "The memory store is read-only.");
    paused = true;
    try {
      await pumping;
      return await task();
    } finally {
      paused = false;
      void pump();
    }
  };

  const capabilities: MemoryStoreCapabilities = { ...lite.capabilities, tier: "journal" };
  return {
    ...lite,
    capabilities,
    async remember(input) {
      const outcome = await lite.remember(input);
      if (vectors && !vectors.has(outcome.id)) {
        queue.offer({ id: outcome.id, text: outcome.storedText });
        void pump();
      }
      return outcome;
    },
    async recall(input) {
      return (await recallWithStatus(input)).hits;
    },
    recallWithStatus,
    rebuild: () =>
      exclusive(async () => {
        const counted = await lite.rebuild();
        const built = await buildGeneration("rebuild");
        return { ...counted, generation: built.name, vectors: built.vectors };
      }),
    rollback: () =>
      exclusive(async () => {
        const previous = manifest?.previous;
        if (!manifest || !previous || !existsSync(generationDir(root, previous.name)))
          throw new MemoryError(
            "store_unavailable",
            "There is no previous index generation to roll back to.",
          );
        if (!matches(previous))
          throw new MemoryError(
            "store_unavailable",
            `The previous generation holds vectors of ${previous.embeddingModel} (${previous.dimension} dimensions), but memory.embeddings is ${embeddings.model} (${embeddings.dim}); set memory.embeddings back to that model first.`,
          );
        const reopened = VectorIndex.open(
          generationDir(root, previous.name),
          embeddings.model,
          embeddings.dim,
        );
        const next: IndexManifest = {
          schemaVersion: 1,
          active: { ...previous, origin: "rollback" },
          previous: manifest.active,
        };
        writeIndexManifest(root, next);
        vectors?.close();
        vectors = reopened;
        manifest = next;
        mismatch = undefined;
        backfillCursor = 0;
        backfill();
        return { generation: previous.name };
      }),
    indexingStatus() {
      const current = lite.currentMemories();
      const missing = vectors ? current.filter((memory) => !vectors?.has(memory.id)).length : current.length;
      const reason = degradedReason();
      return {
        generation: manifest?.active.name,
        embeddingModel: embeddings.model,
        dimension: embeddings.dim,
        vectors: vectors?.size ?? 0,
        missingVectors: missing,
        queued: queue.size,
        breaker: breaker.state,
        ...(reason ? { degradedReason: reason } : {}),
      };
    },
    flush: () => pump(),
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      vectors?.close();
      lite.close();
    },
  };
}
