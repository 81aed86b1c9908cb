/**
 * Stable codes of {@link WebConsoleError}; the HTTP layer maps each to a status.
 *
 * - `thread_not_found`: no web thread has that id (404).
 * - `thread_archived`: the thread is archived and takes no new messages (409).
 * - `thread_busy`: a run of the thread is in progress; one run at a time per thread (409).
 * - `no_run_in_progress`: cancel was asked of a thread with no run (409).
 * - `invalid_title`: a title is empty, too long or has control characters (400).
 * - `invalid_request`: a request body or parameter is malformed (400; 413 when too large).
 * - `web_store_failed`: the thread store could not be opened, read or written (500).
 */
export type WebConsoleErrorCode =
  | "thread_not_found"
  | "thread_archived"
  | "thread_busy"
  | "no_run_in_progress"
  | "invalid_title"
  | "invalid_request"
  | "web_store_failed";

const MARKER = Symbol.for("@mono-agent/agent/WebConsoleError");

/** Errors of the web console (`mono-agent serve`): a stable `code` and a message that names the fix. */
export class WebConsoleError extends Error {
  readonly code: WebConsoleErrorCode;
  readonly [MARKER] = true;

  constructor(code: WebConsoleErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebConsoleError";
    this.code = code;
  }

  /** True for a WebConsoleError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is WebConsoleError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
