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
 * - `path_outside_workspace`: a built-in tool was asked for a path outside the workspace (and outside
 *   `tools.filesystem.readableRoots` / `writableRoots`).
 * - `path_protected`: a file tool was asked for the host's own state (stores, keys, tokens, config,
 *   mcp.json, env files, the memory folder) or to change the write-protected instructions file.
 * - `path_unsafe`: a file tool refused a path it cannot use safely: a symbolic link to write through
 *   (dangling or not), a file with more than one hard link to write, something that is not a regular
 *   file, or a path that changed while it was being opened (a swapped symlink or directory).
 * - `invalid_tool_arguments`: a built-in tool got arguments it cannot use (e.g. a bad regular expression).
 * - `invalid_conversation_id`: a conversation id is not `<channel>:<id>` within the length bound.
 * - `invalid_run_id`: a run id does not match the run id pattern.
 * - `conversation_store_failed`: the conversation store could not be opened, read or written.
 * - `conversation_busy`: a conversation reset was refused because a run of that conversation is in progress.
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
  | "path_protected"
  | "path_unsafe"
  | "invalid_tool_arguments"
  | "invalid_conversation_id"
  | "invalid_run_id"
  | "conversation_store_failed"
  | "conversation_busy";

const MARKER = Symbol.for("@mono-agent/agent/MonoAgentRuntimeError");

/**
 * The one error class of @mono-agent/agent (runtime): a stable `code`, a message that names the fix, an
 * optional `cause`. `Code` narrows the code where a caller knows the area; it defaults to every code. MCP
 * bridge failures are `McpBridgeError`s of @mono-agent/mcp-bridge; the web console has `WebConsoleError`.
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
