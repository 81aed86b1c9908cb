/**
 * Stable codes of {@link MonoAgentRuntimeError}. Callers branch on the code, never on the message.
 *
 * Runtime (models, built-in tools, workspace, conversations):
 * - `invalid_model_ref`: `runtime.model` is not `<provider>:<modelId>` (or the bare `demo`).
 * - `unknown_provider`: the provider is neither a pi-ai provider nor declared in `models.providers`.
 * - `unknown_model`: pi-ai does not know the model id for a built-in provider.
 * - `missing_api_key`: no env variable that the provider reads holds a key.
 * - `invalid_provider_config`: a `models.providers.<name>` entry is malformed.
 * - `unknown_builtin_tool`: a built-in tool name the runtime does not implement.
 * - `workspace_unavailable`: the workspace directory does not exist or cannot be resolved.
 * - `path_outside_workspace`: a built-in tool was asked for a path outside the workspace.
 * - `invalid_tool_arguments`: a built-in tool got arguments it cannot use (e.g. a bad regular expression).
 * - `invalid_conversation_id`: a conversation id is not `<channel>:<id>` within the length bound.
 * - `invalid_run_id`: a run id does not match the run id pattern.
 * - `conversation_store_failed`: the conversation store could not be opened, read or written.
 * - `conversation_busy`: a conversation reset was refused because a run of that conversation is in progress.
 *
 * MCP bridge (connecting to MCP servers and calling their tools):
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
export type MonoAgentRuntimeErrorCode =
  | "invalid_model_ref"
  | "unknown_provider"
  | "unknown_model"
  | "missing_api_key"
  | "invalid_provider_config"
  | "unknown_builtin_tool"
  | "workspace_unavailable"
  | "path_outside_workspace"
  | "invalid_tool_arguments"
  | "invalid_conversation_id"
  | "invalid_run_id"
  | "conversation_store_failed"
  | "conversation_busy"
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

const MARKER = Symbol.for("@mono-agent/agent/MonoAgentRuntimeError");

/**
 * The one error class of @mono-agent/agent (runtime and MCP bridge; the web console has WebConsoleError): a stable `code`, a
 * message that names the fix, an optional `cause`. `Code` narrows the code where a caller knows the area
 * (e.g. `MonoAgentRuntimeError<McpBridgeErrorCode>`); it defaults to every code.
 */
export class MonoAgentRuntimeError<
  Code extends MonoAgentRuntimeErrorCode = MonoAgentRuntimeErrorCode,
> extends Error {
  readonly code: Code;
  readonly [MARKER] = true;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MonoAgentRuntimeError";
    this.code = code;
  }

  /** True for a MonoAgentRuntimeError from any copy of this package (safer than `instanceof`); any code. */
  static isInstance(value: unknown): value is MonoAgentRuntimeError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
