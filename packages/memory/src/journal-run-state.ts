import type { AuthenticatedCursorCodec, SecretScanner } from "@mono-agent/evidence";
import type { JournalEntry } from "./journal-entry.js";
import type { JournalRecord } from "./memory-store.js";

/** A frozen first-call result: pagination reads only this, so later inserts cannot shift pages. */
export interface JournalSnapshot {
  id: string;
  fromDate: string;
  throughDate: string;
  timeZone: string;
  pageSize: number;
  capturedAt: string;
  /** The frozen records; each is projected (safety filter, byte cap) once, when its page is served. */
  records: readonly JournalRecord[];
  /** Projections already served, by position, so a replayed cursor returns the identical page. */
  projected: Map<number, JournalEntry>;
  scanner: SecretScanner;
  rangeScanComplete: boolean;
  truncatedBy: ReadonlyArray<"entry_limit" | "byte_limit">;
  /** Offsets a cursor was issued for; any other offset is refused. */
  issuedOffsets: Set<number>;
}

/** Request-private MemoryJournal state of one run: its snapshots and its cursor key. */
export interface MemoryJournalRunState {
  readonly runId: string;
  readonly cursorCodec: AuthenticatedCursorCodec;
  readonly snapshots: Map<string, JournalSnapshot>;
}

/**
 * Creates the state one run's MemoryJournal servers share (the host makes a fresh McpServer per
 * HTTP request). `cursorCodec` authenticates cursors; in Node use
 * `createNodeAuthenticatedCursorCodec()` from `@mono-agent/evidence/node`. Drop it when the run settles.
 */
export function createMemoryJournalRunState(options: {
  runId: string;
  cursorCodec: AuthenticatedCursorCodec;
}): MemoryJournalRunState {
  return { runId: options.runId, cursorCodec: options.cursorCodec, snapshots: new Map() };
}
