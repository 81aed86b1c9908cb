/**
 * Codes carried by {@link WebConsoleError}; the HTTP layer maps each to a status.
 *
 * - `thread_not_found` (404): no web thread has that id.
 * - `thread_archived` (409): the thread is archived and takes no new messages.
 * - `thread_busy` (409): a run of the thread is in progress; one run at a time per thread.
 * - `no_run_in_progress` (409): cancel was asked of a thread with no run.
 * - `invalid_title` (400): a title is empty, too long or has control characters.
 * - `invalid_request` (400; 413 when too large): a request body or parameter is malformed.
 * - `web_store_failed` (500): the thread store could not be opened, read or written.
 */
export type WebConsoleErrorCode =
  | "thread_not_found"
  | "thread_archived"
  | "thread_busy"
  | "no_run_in_progress"
  | "invalid_title"
  | "invalid_request"
  | "web_store_failed";

const BRAND = Symbol.for("@mono-agent/web-console/WebConsoleError");

/** The one error class of `@mono-agent/web-console`. Check with {@link WebConsoleError.isInstance}. */
export class WebConsoleError extends Error {
  readonly code: WebConsoleErrorCode;
  readonly [BRAND] = true;

  constructor(code: WebConsoleErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebConsoleError";
    this.code = code;
  }

  /** True for a WebConsoleError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is WebConsoleError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
