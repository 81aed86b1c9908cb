/**
 * Stable codes of {@link ToolError}. Callers branch on the code, never on the message.
 *
 * - `workspace_unavailable`: the workspace directory does not exist or cannot be resolved.
 * - `path_outside_workspace`: a tool was asked for a path outside the workspace (and outside the
 *   configured extra roots).
 * - `path_protected`: a file tool was asked for the host's own state (stores, keys, tokens, config,
 *   mcp.json, env files, the memory folder), to change the write-protected instructions file, or to
 *   write a `sandbox.denyWrite` path.
 * - `path_unsafe`: a file tool refused a path it cannot use safely: a symbolic link to write through
 *   (dangling or not), a file with more than one hard link to write, something that is not a regular
 *   file, or a path that changed while it was being opened (a swapped symlink or directory).
 * - `invalid_tool_arguments`: a tool got arguments it cannot use (a bad regular expression, an empty argv).
 * - `url_refused`: WebFetch refused a URL: not http(s), or an address the network policy does not allow
 *   (loopback, private, link-local, metadata), directly or after a redirect.
 * - `fetch_failed`: WebFetch could not fetch the page (connection, status, too many redirects, timeout).
 * - `content_refused`: WebFetch got a body it does not pass on (binary, or over the size cap).
 * - `search_failed`: the WebSearch provider answered with an error or something unreadable.
 * - `skill_not_found`: ReadSkill was asked for a skill or a file of a skill that does not exist.
 * - `repl_failed`: the NodeRepl process could not be started or died.
 * - `unknown_builtin_tool`: `createBuiltinTools` was asked for a tool name this package does not implement.
 */
export type ToolErrorCode =
  | "workspace_unavailable"
  | "path_outside_workspace"
  | "path_protected"
  | "path_unsafe"
  | "invalid_tool_arguments"
  | "url_refused"
  | "fetch_failed"
  | "content_refused"
  | "search_failed"
  | "skill_not_found"
  | "repl_failed"
  | "unknown_builtin_tool";

const MARKER = Symbol.for("@mono-agent/tools/ToolError");

/** The one error class of @mono-agent/tools: a stable `code`, a message that names the fix, an optional `cause`. */
export class ToolError<Code extends ToolErrorCode = ToolErrorCode> extends Error {
  readonly code: Code;
  readonly [MARKER] = true;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ToolError";
    this.code = code;
  }

  /** True for a ToolError from any copy of this package (safer than `instanceof`); any code. */
  static isInstance(value: unknown): value is ToolError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}
