import type { SecretScanner } from "@mono-agent/evidence";
import type { RunEventReader } from "./run-event.js";
import type { RunSearchCache } from "./run-history-search-cache.js";
import type { RunStore } from "./run-store.js";

/** Daily session rollover (`runtime.session.rollover`): `daily` merges every `#YYYY-MM-DD` bucket of a conversation. */
export type RunHistoryRollover = "none" | "daily";

/** What one RunHistory server is bound to: the run making the calls, and where history is read from. */
export interface RunHistoryContext {
  /** The run store (summaries). Read only: RunHistory never writes. */
  readonly store: RunStore;
  /** The events reader port (`createRunEventReader(artifactsDir)` for the file store). */
  readonly readEvents: RunEventReader;
  /** The current run: always excluded. */
  readonly runId: string;
  /** The current run's conversation: the scope. */
  readonly conversationId: string;
  /** With `daily`, rollover buckets are ignored for scope; otherwise ids compare exactly. Default `none`. */
  readonly rollover?: RunHistoryRollover;
  /** SHA-256 base64url, first 24 characters (`shortDigest` of `@mono-agent/evidence/node`): binds search cursors to their query. */
  readonly digest: (text: string) => string;
  /** Scanner with the host's configured credential values; default: token shapes and assignments only. */
  readonly secretScanner?: SecretScanner;
  /**
   * Searched metadata of settled runs kept between calls, indexed (`createRunSearchCache()`, one per host and
   * safe-text rules): a search then reads only the runs settled or deleted since the last call. Default: none
   * (a search reads and indexes the whole scope each call).
   */
  readonly searchCache?: RunSearchCache;
  /** Absolute paths whose text must never appear (the artifacts folder): a string naming one is treated as private. */
  readonly privatePaths?: readonly string[];
}
