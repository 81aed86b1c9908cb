/**
 * Stable codes of {@link McpBridgeError}. Callers branch on the code, never on the message.
 *
 * Connecting (a server that fails is skipped with an `mcp_server_unavailable` warning carrying the code):
 * - `spawn_failed`: a stdio server's command could not be started (missing binary, bad cwd, or a host
 *   that gave the bridge no stdio launcher).
 * - `connect_failed`: the server could not be opened, initialised or listed.
 * - `connect_timeout`: connecting took longer than the server's `connectTimeoutMs`.
 * - `connect_aborted`: the run was aborted while the server was connecting.
 * - `auth_required`: the server needs a person to log in (or to grant more scopes) and none can now;
 *   the message names how (`mono-agent mcp login <server>` in the mono-agent CLI).
 * - `auth_failed`: OAuth did not succeed (metadata, registration, token endpoint, a resource that does
 *   not match the server); the message carries the cause.
 * - `auth_store_unsafe`: the host's token file is a symlink, not a regular file, readable by others,
 *   too large or not a token file; the message names the path and the fix.
 *
 * Prompts:
 * - `unknown_server`: no connected server of that name in this run.
 * - `prompt_failed`: the server refused the prompt (unknown name, missing argument) or failed.
 *
 * Calling a tool (thrown by `execute`; pi turns it into an error tool result with the message):
 * - `tool_error`: the server answered the call with an `isError` result; the message is its text.
 * - `call_timeout`: no answer and no progress within the idle timeout.
 * - `call_time_limit`: the call ran past the absolute cap `callMaxTotalTimeoutMs`.
 * - `call_cancelled`: the run was aborted during the call.
 * - `server_disconnected`: the server closed the connection or exited (before or during the call).
 * - `call_failed`: any other failure of the call (protocol error, invalid structured output).
 */
export type McpBridgeErrorCode =
  | "spawn_failed"
  | "connect_failed"
  | "connect_timeout"
  | "connect_aborted"
  | "auth_required"
  | "auth_failed"
  | "auth_store_unsafe"
  | "unknown_server"
  | "prompt_failed"
  | "tool_error"
  | "call_timeout"
  | "call_time_limit"
  | "call_cancelled"
  | "task_handoff_refused"
  | "server_disconnected"
  | "call_failed";

const MCP_BRIDGE_ERROR_MARKER = Symbol.for("@mono-agent/mcp-bridge/McpBridgeError");

/** The one error this package throws: a stable `code`, a message that names the cause, an optional `cause`. */
export class McpBridgeError extends Error {
  override readonly name = "McpBridgeError";
  readonly code: McpBridgeErrorCode;
  readonly [MCP_BRIDGE_ERROR_MARKER] = true;

  constructor(code: McpBridgeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True for an McpBridgeError from any copy of this package (`instanceof` fails across copies). */
  static isInstance(value: unknown): value is McpBridgeError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[MCP_BRIDGE_ERROR_MARKER] === true
    );
  }
}
