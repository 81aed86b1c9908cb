/**
 * Stable codes of {@link McpBridgeError}. Callers branch on the code, never on the message.
 *
 * - `spawn_failed`: a stdio server's command could not be started (missing binary, bad cwd).
 * - `connect_failed`: the server could not be opened, initialised or listed.
 * - `connect_timeout`: connecting took longer than the server's `connectTimeoutMs`.
 * - `connect_aborted`: the run was aborted while the server was connecting.
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
  | "tool_error"
  | "call_timeout"
  | "call_time_limit"
  | "call_cancelled"
  | "server_disconnected"
  | "call_failed";

const MARKER = Symbol.for("@mono-agent/agent/McpBridgeError");

/** Error of the MCP client bridge: a stable `code`, a message naming the server and the cause, an optional `cause`. */
export class McpBridgeError extends Error {
  readonly code: McpBridgeErrorCode;
  readonly [MARKER] = true;

  constructor(code: McpBridgeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "McpBridgeError";
    this.code = code;
  }

  /** True for an McpBridgeError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is McpBridgeError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
