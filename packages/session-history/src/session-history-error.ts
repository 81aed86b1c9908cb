/**
 * Codes carried by {@link SessionHistoryError}.
 *
 * Tool-facing codes (returned to the model as an error result with navigation back to `{}`):
 * - `invalid_request`: arguments that do not fit the action (unknown key, search with get-only keys, get
 *   without exactly one of recordId / toolCallId / cursor).
 * - `invalid_query`: `query` empty or longer than 512 UTF-8 bytes.
 * - `invalid_limit`: `limit` not an integer from 1 to 10.
 * - `invalid_filter`: a `tools` / `states` / `runIds` filter empty, longer than 20 values, or with an
 *   empty, over-long or unknown value.
 * - `invalid_time_range`: `fromMs` / `toMs` not non-negative integers, or `fromMs` after `toMs`.
 * - `invalid_chunk_size`: `chunkBytes` not an integer from 1 to 8192.
 * - `invalid_record`: a recordId or toolCallId empty or longer than 4 KiB.
 * - `invalid_cursor`: the cursor is unavailable or expired (one opaque message for every cause).
 * - `record_unavailable`: no such record in this session's scope (existence elsewhere is not revealed).
 * - `history_unavailable`: the sidecar could not be read.
 *
 * Host-facing codes:
 * - `invalid_argument`: an option outside what a function accepts; the message names the range.
 * - `store_failed`: the sidecar could not be opened, migrated, read or written (`cause` has why).
 * - `writer_closed`: a write was handed to a closed writer.
 * - `idempotency_conflict`: a record id was written again with different content (a retry must be identical).
 */
export type SessionHistoryErrorCode =
  | "invalid_request"
  | "invalid_query"
  | "invalid_limit"
  | "invalid_filter"
  | "invalid_time_range"
  | "invalid_chunk_size"
  | "invalid_record"
  | "invalid_cursor"
  | "record_unavailable"
  | "history_unavailable"
  | "invalid_argument"
  | "store_failed"
  | "writer_closed"
  | "idempotency_conflict";

const BRAND = Symbol.for("@mono-agent/session-history/SessionHistoryError");

/** The one error class of `@mono-agent/session-history`. Check with {@link SessionHistoryError.isInstance}. */
export class SessionHistoryError extends Error {
  readonly code: SessionHistoryErrorCode;
  readonly [BRAND] = true;

  constructor(code: SessionHistoryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SessionHistoryError";
    this.code = code;
  }

  /** True for a SessionHistoryError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is SessionHistoryError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
