/**
 * Codes carried by {@link RunHistoryError}.
 *
 * - `invalid_run_id`: a run id does not match `^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$` (SPEC §0).
 * - `invalid_conversation_id`: a conversation id is empty, too long, or holds control characters.
 * - `invalid_argument`: an option is outside what the function accepts; the message names the range.
 * - `run_exists`: a run with this id was already recorded.
 * - `unknown_anchor`: the `afterRunId` of a list call is not (or no longer) in the listed set.
 * - `store_failed`: the run store could not be opened, migrated, read or written (`cause` has why).
 * - `recording_failed`: a checkpoint or the final record of a run could not be written.
 *
 * Codes of the RunHistory tool (reference §4.3), returned to the model as tool results:
 * - `conflicting_run_id`: `runId` and `run_id` name different runs.
 * - `invalid_cursor`: a cursor is unavailable or expired (one opaque message for every failure).
 * - `invalid_limit`: `limit` is not an integer from 1 to 10.
 * - `invalid_request`: unknown arguments, a wrong `action`, or arguments the action does not take.
 * - `invalid_query`: a query that is empty, too long, holds private artifact or credential text, or no letter or number.
 * - `history_unavailable`: the run store or an events file could not be read.
 * - `run_not_available`: no such run in this conversation (a run of another conversation is not revealed).
 * - `current_run`: the run asked about is the one making the call.
 * - `run_incomplete`: the run is still `running`.
 */
export type RunHistoryErrorCode =
  | "invalid_run_id"
  | "invalid_conversation_id"
  | "invalid_argument"
  | "run_exists"
  | "unknown_anchor"
  | "store_failed"
  | "recording_failed"
  | "conflicting_run_id"
  | "invalid_cursor"
  | "invalid_limit"
  | "invalid_request"
  | "invalid_query"
  | "history_unavailable"
  | "run_not_available"
  | "current_run"
  | "run_incomplete";

const BRAND = Symbol.for("@mono-agent/run-history/RunHistoryError");

/** The one error class of `@mono-agent/run-history`. Check with {@link RunHistoryError.isInstance}. */
export class RunHistoryError extends Error {
  readonly code: RunHistoryErrorCode;
  readonly [BRAND] = true;

  constructor(code: RunHistoryErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RunHistoryError";
    this.code = code;
  }

  /** True for a RunHistoryError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is RunHistoryError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
