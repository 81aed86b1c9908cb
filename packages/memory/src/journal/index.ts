export { CircuitBreaker, type CircuitBreakerOptions, CircuitOpenError } from "./circuit-breaker.js";
export {
  createEmbeddingsClient,
  EMBEDDINGS_BATCH_SIZE,
  type EmbeddingsClient,
  type EmbeddingsClientOptions,
  normalizeVector,
} from "./embeddings-client.js";
export {
  type IndexGeneration,
  type IndexManifest,
  readIndexManifest,
  REBUILD_POLICY_VERSION,
} from "./index-manifest.js";
export {
  type JournalMemoryStore,
  type JournalMemoryStoreOptions,
  openJournalMemoryStore,
  type VectorIndexingStatus,
} from "./journal-store.js";
export { VECTOR_QUEUE_MAX_BYTES, VECTOR_QUEUE_MAX_ITEMS } from "./vector-queue.js";
