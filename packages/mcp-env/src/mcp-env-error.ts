/**
 * Stable codes of {@link McpEnvError}. Callers branch on the code, never on the message.
 *
 * - `invalid_run_id`: a run id does not match `^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$`.
 * - `invalid_argument`: an option or an env value has the wrong shape (the message names it).
 * - `unsafe_run_output`: `artifacts/outbound` or `artifacts/outbound/<runId>` is a symlink, not a
 *   directory, or already exists; the run is refused and nothing is deleted.
 * - `unsafe_attachment_directory`: a staging directory under the attachments root is a symlink,
 *   not a directory, or already exists.
 * - `invalid_attachment`: the attachments of a request are malformed (not a list, too many, an
 *   entry with neither `data` nor `path`).
 * - `attachment_not_saved`: one attachment could not be staged (unreadable, too large, write failed).
 * - `attachment_not_allowed`: a path is not in this request's allowed list, or the file there is not
 *   the one the host staged (device/inode differ, a symlink, not a regular file).
 * - `invalid_progress_report`: a progress body is not `{key, message, state?, conversationId?}`.
 * - `unsupported_continuation_server`: a continuation server is SSE, remote HTTP, not declared as a
 *   server spec, or has an invalid name.
 * - `invalid_continuation_capability`: an issuer returned a capability with a non-loopback URL, an
 *   empty token or fingerprint, an unknown mode, or no `release()`.
 */
export type McpEnvErrorCode =
  | "invalid_run_id"
  | "invalid_argument"
  | "unsafe_run_output"
  | "unsafe_attachment_directory"
  | "invalid_attachment"
  | "attachment_not_saved"
  | "attachment_not_allowed"
  | "invalid_progress_report"
  | "unsupported_continuation_server"
  | "invalid_continuation_capability";

const MCP_ENV_ERROR_MARKER = Symbol.for("@mono-agent/mcp-env/McpEnvError");

/** The one error this package throws. */
export class McpEnvError extends Error {
  override readonly name = "McpEnvError";
  readonly code: McpEnvErrorCode;
  readonly [MCP_ENV_ERROR_MARKER] = true;

  constructor(code: McpEnvErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True for an McpEnvError from any copy of this package (`instanceof` fails across copies). */
  static isInstance(value: unknown): value is McpEnvError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[MCP_ENV_ERROR_MARKER] === true
    );
  }
}
