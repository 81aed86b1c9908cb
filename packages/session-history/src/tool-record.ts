import type { TerminalState } from "./terminal-state.js";

/** The two records of one managed tool call. */
export type RecordPhase = "invocation" | "result";

/** An artifact a result referenced: only an opaque id and whether the file is still there. */
export interface ArtifactReference {
  readonly id: string;
  readonly available: boolean;
}

/**
 * One stored record (reference §5.1): the invocation (arguments) or the terminal result of a managed
 * tool call. `payload` is redacted, path-opaque JSON text, at most `PAYLOAD_MAX_BYTES`.
 */
export interface ToolRecord {
  readonly recordId: string;
  readonly phase: RecordPhase;
  /** The physical conversation id (with its `#YYYY-MM-DD` bucket when rollover made one). */
  readonly conversationId: string;
  readonly runId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** Order of the event within its run (invocation and result each have one). */
  readonly sequence: number;
  /** The call's invocation record id (equals `recordId` for an invocation). */
  readonly invocationRecordId: string;
  /** The call's terminal result record id, once it has one. */
  readonly resultRecordId?: string;
  /** Terminal state of the call (on both records once the call ended). */
  readonly state?: TerminalState;
  readonly failureKind?: string;
  readonly detailCode?: string;
  readonly payload: string;
  readonly originalBytes: number;
  readonly retainedBytes: number;
  readonly truncated: boolean;
  readonly isolated: boolean;
  /** True for a result written by crash recovery (`interrupted`), never by the tool. */
  readonly recovered: boolean;
  readonly runStartedAtMs: number;
  readonly startedAtMs?: number;
  readonly endedAtMs?: number;
  readonly executionMs?: number;
  readonly artifactReferences: readonly ArtifactReference[];
}

/** A completed call as search sees it: its invocation joined with its terminal result. */
export interface ToolCallSummary {
  readonly recordId: string;
  readonly resultRecordId?: string;
  readonly conversationId: string;
  readonly runId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly startSequence: number;
  readonly endSequence?: number;
  readonly state?: TerminalState;
  readonly runStartedAtMs: number;
  readonly startedAtMs: number;
  readonly endedAtMs?: number;
  readonly isolated: boolean;
  readonly recovered: boolean;
  /** Redacted invocation payload text (bounded). */
  readonly invocationPayload: string;
  /** Redacted result payload text (bounded). */
  readonly resultPayload?: string;
  readonly truncated: boolean;
  readonly artifactReferences: readonly ArtifactReference[];
}

/** Why a record was removed. */
export type TombstoneReason = "age" | "count" | "bytes";

/** Evidence that a known record was removed by retention; its payload is not recreated. */
export interface Tombstone {
  readonly recordId: string;
  readonly reason: TombstoneReason;
  readonly removedAtMs: number;
}

/** What the writer reports for one event (reference §5.1). */
export interface PersistenceResult {
  readonly persistence: "persisted" | "deferred" | "failed";
  readonly errorCode?: PersistenceErrorCode;
}

/** Why a write was deferred or failed. */
export type PersistenceErrorCode =
  | "history_write_failed"
  | "history_persistence_timeout"
  | "history_idempotency_conflict"
  | "history_writer_closed"
  | "history_artifact_root_mismatch";
