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
 */
export type RunHistoryErrorCode =
  | "invalid_run_id"
  | "invalid_conversation_id"
  | "invalid_argument"
  | "run_exists"
  | "unknown_anchor"
  | "store_failed"
  | "recording_failed";

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
