import { createEmbeddingsClient, openJournalMemoryStore } from "../src/journal/index.js";
import { type LiteMemoryStore, type LiteMemoryStoreOptions, openLiteMemoryStore } from "../src/lite/index.js";
import { FAKE_DIM, FAKE_MODEL, fakeEmbeddingsFetch } from "./fake-embeddings.js";

/** The local tiers the Remember, MemoryRecall and MemoryJournal contract tests run against. */
export const CONTRACT_TIERS = ["lite", "journal"] as const;
export type ContractTier = (typeof CONTRACT_TIERS)[number];

let current: ContractTier = "lite";

/** Sets the tier the next {@link openTierStore} opens (a contract suite's beforeEach). */
export function useTier(tier: ContractTier): void {
  current = tier;
}

/** Opens a store of the current tier; journal embeds through the in-process fake model. */
export function openTierStore(options: LiteMemoryStoreOptions): LiteMemoryStore {
  if (current === "lite") return openLiteMemoryStore(options);
  return openJournalMemoryStore({
    ...options,
    embeddings: createEmbeddingsClient({
      endpoint: "http://127.0.0.1:9",
      model: FAKE_MODEL,
      dim: FAKE_DIM,
      timeoutMs: 2_000,
      fetch: fakeEmbeddingsFetch,
    }),
    circuitBreaker: { failureThreshold: 3, cooldownMs: 1_000 },
  });
}
