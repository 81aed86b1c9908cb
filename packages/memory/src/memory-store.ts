import type { MemoryStatus, MemoryType } from "./memory-bullet.js";

/** What a store can do; the host composes a tool only when the flag for it is affirmatively `true`. */
export interface MemoryStoreCapabilities {
  /** Tier name reported by MemoryJournal (`lite`). */
  readonly tier: string;
  /** The store accepts durable Remember writes. */
  readonly supportsRemember: boolean;
  /** The store can browse its local canonical index by date (MemoryJournal). */
  readonly supportsJournalBrowse: boolean;
  /** The store was opened read-only: no Remember, no maintenance. */
  readonly readOnly: boolean;
}

/** A Remember that landed (or had already landed). */
export interface RememberOutcome {
  /** Content-hash id (64 hex digits for the lite store). */
  id: string;
  /** Safe relative canonical source, e.g. `daily/2026-09-01.md`. */
  source: string;
  /** Exactly the stored text. */
  storedText: string;
  /** The fact was already stored and indexed; nothing new was written. */
  duplicate: boolean;
  /** A canonical bullet left without its index row (a crash between the two writes) was completed. */
  completedIndex: boolean;
}

/** One MemoryRecall hit. */
export interface MemoryHit {
  id: string;
  /** Relevance in [0, 1], the best hit of a query scoring 1. */
  score: number;
  text: string;
  type: MemoryType;
  status: MemoryStatus;
}

/** A recall that may have answered from less than the tier's full search. */
export interface RecallResult {
  hits: MemoryHit[];
  /** Set when part of the search was unavailable (e.g. the embeddings endpoint): why, in a sentence. */
  degraded?: { reason: string };
}

/** One indexed entry as the journal browses it, oldest first by (created, id). */
export interface JournalRecord {
  id: string;
  text: string;
  type: MemoryType;
  status: MemoryStatus;
  /** ISO-8601 UTC. */
  createdAt: string;
  createdMs: number;
  dueAt?: string;
  /** Relative canonical file (`daily/YYYY-MM-DD.md`, or `YYYY-MM-DD.md` for the legacy layout). */
  sourceFile: string;
  sourceLine: number;
}

/** What one browse returned: records in [fromMs, toMs), and whether the scan stopped early. */
export interface JournalBrowseResult {
  records: JournalRecord[];
  /** False when a cap stopped the scan before the end of the range. */
  rangeScanComplete: boolean;
  /** Which caps stopped it: `entry_limit`, `byte_limit`. */
  truncatedBy: Array<"entry_limit" | "byte_limit">;
}

/**
 * The store behind Remember, MemoryRecall and MemoryJournal. The lite implementation lives in
 * `@mono-agent/memory/lite`; another backend implements the same contract with its own flags.
 * Dropped (forgotten) records never reach recall or the journal.
 */
export interface MemoryStore {
  readonly capabilities: MemoryStoreCapabilities;
  /**
   * Durably stores one already normalized and secret-checked fact. Idempotent on the content hash.
   *
   * @throws MemoryError `forgotten`, `legacy_layout_date`, `read_only`, `writer_busy`,
   * `maintenance_in_progress`, `store_unavailable`, `cancelled` (nothing written) or
   * `index_write_failed` (`canonicalWritten: true`).
   */
  remember(input: { text: string; signal?: AbortSignal }): Promise<RememberOutcome>;
  /** Search over current memories, best first (full text; the journal tier merges vectors in). */
  recall(input: { query: string; limit: number }): Promise<MemoryHit[]>;
  /** Like {@link recall}, and says when the answer is degraded. MemoryRecall prefers it when present. */
  recallWithStatus?(input: { query: string; limit: number }): Promise<RecallResult>;
  /** Records created in [fromMs, toMs), oldest first, within the caps. Only when `supportsJournalBrowse`. */
  browseJournal?(input: {
    fromMs: number;
    toMs: number;
    maxEntries: number;
    maxBytes: number;
  }): Promise<JournalBrowseResult>;
}
