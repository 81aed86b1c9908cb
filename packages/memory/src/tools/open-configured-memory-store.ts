import {
  EMBEDDINGS_DEFAULT_ENDPOINTS,
  type EnvReference,
  type MemoryConfig,
  resolveEnvReference,
} from "@mono-agent/config";
import { createEmbeddingsClient } from "../journal/embeddings-client.js";
import { type JournalMemoryStore, openJournalMemoryStore } from "../journal/journal-store.js";
import { type LiteMemoryStore, openLiteMemoryStore } from "../lite/lite-store.js";
import { MemoryError } from "../memory-error.js";
import type { MemoryStore } from "../memory-store.js";
import { openSupermemoryStore } from "../remote/supermemory-store.js";

/** The parts of the `memory` block that choose and configure the store. */
export type MemoryStoreConfig = Partial<
  Pick<MemoryConfig, "mode" | "embeddings" | "backend" | "supermemory">
>;

/** Options of {@link openConfiguredMemoryStore}. */
export interface OpenConfiguredMemoryStoreOptions {
  memory: MemoryStoreConfig;
  root: string;
  /** The host-resolved environment (`$env` references of the embeddings key read it). */
  env: Readonly<Record<string, string | undefined>>;
  announceRuntime?: boolean;
  readOnly?: boolean;
  /** Test hook: the fetch the embeddings client uses. */
  fetch?: typeof fetch;
}

function resolveKey(
  key: string,
  reference: EnvReference | undefined,
  env: OpenConfiguredMemoryStoreOptions["env"],
) {
  if (reference === undefined) return undefined;
  const value = resolveEnvReference(reference, env);
  if (value === undefined || value === "")
    throw new MemoryError(
      "store_unavailable",
      `${key} reads ${reference.$env}, which is not set; set it in the environment or .env.`,
    );
  return value;
}

/**
 * Opens the remote Supermemory store of `memory.supermemory` (recall only).
 */
export function openConfiguredRemoteStore(
  options: Omit<OpenConfiguredMemoryStoreOptions, "root" | "announceRuntime" | "readOnly">,
): MemoryStore & { close(): void } {
  const remote = options.memory.supermemory;
  if (!remote)
    throw new MemoryError("store_unavailable", 'backend "supermemory" requires memory.supermemory.');
  const apiKey = resolveKey("memory.supermemory.apiKey", remote.apiKey, options.env) as string;
  return openSupermemoryStore({
    endpoint: remote.endpoint,
    apiKey,
    timeoutMs: remote.timeoutMs,
    ...(remote.containerTag ? { containerTag: remote.containerTag } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/**
 * Opens the built-in store of the configured tier: `lite` (full text) or `journal` (full text +
 * vectors). `bujo` is refused with a sentence saying so: the tier matrix never downshifts silently.
 */
export function openConfiguredMemoryStore(
  options: OpenConfiguredMemoryStoreOptions,
): LiteMemoryStore | JournalMemoryStore {
  const { memory, root } = options;
  const base = {
    root,
    ...(options.announceRuntime ? { announceRuntime: true } : {}),
    ...(options.readOnly ? { readOnly: true } : {}),
  };
  if (memory.backend === "supermemory")
    throw new MemoryError("store_unavailable", 'backend "supermemory" is a remote store, not a local one.');
  if (memory.mode === undefined || memory.mode === "lite") return openLiteMemoryStore(base);
  if (memory.mode === "bujo")
    throw new MemoryError(
      "store_unavailable",
      'memory.mode "bujo" (model curation) is not available in this version; set mode "journal" (full text + vectors) or "lite".',
    );
  const embeddings = memory.embeddings;
  if (!embeddings)
    throw new MemoryError("store_unavailable", 'memory.mode "journal" requires memory.embeddings.');
  const apiKey = resolveKey("memory.embeddings.apiKey", embeddings.apiKey, options.env);
  const client = createEmbeddingsClient({
    endpoint: embeddings.endpoint ?? EMBEDDINGS_DEFAULT_ENDPOINTS[embeddings.provider],
    model: embeddings.model,
    dim: embeddings.dim,
    timeoutMs: embeddings.timeoutMs,
    ...(apiKey ? { apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return openJournalMemoryStore({ ...base, embeddings: client, circuitBreaker: embeddings.circuitBreaker });
}
