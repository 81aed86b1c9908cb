import type { SessionScope } from "./conversation-scope.js";
import type { TerminalState } from "./terminal-state.js";
import type { Tombstone, ToolCallSummary, ToolRecord } from "./tool-record.js";

/** Newest-first paging position: (runStartedAtMs, runId, startSequence, toolCallId, recordId) of an invocation. */
export interface CallOrderingKey {
  readonly runStartedAtMs: number;
  readonly runId: string;
  readonly startSequence: number;
  readonly toolCallId: string;
  readonly recordId: string;
}

/** One search over completed calls in a scope; every filter is exact and all of them apply (AND). */
export interface CallSearchQuery {
  readonly scope: SessionScope;
  /** Lower-cased terms that must all occur in the call's redacted stored text. */
  readonly terms: readonly string[];
  readonly tools?: readonly string[];
  readonly states?: readonly TerminalState[];
  readonly runIds?: readonly string[];
  /** Inclusive bounds on the call's `startedAtMs`. */
  readonly fromMs?: number;
  readonly toMs?: number;
  /** Only calls strictly older than this position. */
  readonly before?: CallOrderingKey;
  /** Most calls to return. */
  readonly limit: number;
}

/**
 * What the SessionHistory tool reads. Implementations return only committed rows in `scope` (see
 * {@link SessionScope}); a record outside it is reported as absent, never as foreign. The SQLite
 * implementation is `openToolHistoryStore` in `@mono-agent/session-history/sqlite`; another host may
 * serve the same tool over its own store.
 */
export interface SessionHistoryStore {
  /** Completed calls (those with a terminal result) matching `query`, newest first. */
  searchCalls(query: CallSearchQuery): Promise<ToolCallSummary[]>;
  /** One record, or its tombstone when retention removed it, or undefined when not in scope. */
  getRecord(scope: SessionScope, recordId: string): Promise<ToolRecord | Tombstone | undefined>;
  /** The newest completed record (result, else invocation) of a provider tool-call id in scope. */
  newestRecordForToolCall(
    scope: SessionScope,
    toolCallId: string,
  ): Promise<ToolRecord | Tombstone | undefined>;
  /** The invocation at `recordId` as a call summary (for cursor anchors), or undefined when not in scope. */
  getCall(scope: SessionScope, recordId: string): Promise<ToolCallSummary | undefined>;
}

/** True when a {@link SessionHistoryStore.getRecord} answer is a tombstone. */
export function isTombstone(value: ToolRecord | Tombstone): value is Tombstone {
  return !("phase" in value);
}
