/**
 * Stable codes of {@link MonoAgentConfigError} and of error-severity {@link ConfigIssue}s.
 *
 * - `config_not_found`: the config file does not exist.
 * - `config_unreadable`: the config file exists but cannot be read (a folder, no permission).
 * - `config_invalid_json`: the config file is not valid JSON.
 * - `config_invalid`: a value does not match the schema (wrong type, out of range, bad format).
 * - `unknown_key`: a key the schema does not know; `suggestion` holds the closest known key.
 * - `invalid_env_value`: a `MONO_AGENT_*` variable holds a value of the wrong form.
 * - `retired_env_var`: a retired `MONO_AGENT_*` variable is set; remove it.
 * - `mcp_config_missing`: `tools.mcpConfigPath` points at no file (a warning when loading), or
 *   `findMcpImportSources` found no host file to import.
 * - `mcp_config_invalid`: the mcp.json file is not valid JSON or does not match its schema.
 * - `mcp_config_unreadable`: the mcp.json file exists but cannot be read.
 * - `duplicate_server`: a server name is declared both in mcp.json and in `tools.mcpServers`.
 * - `invalid_server_name`: a server name breaks the naming rules.
 * - `env_reference_missing`: a `{ "$env": "NAME" }` value names a variable that is not set.
 * - `duplicate_key`: a key appears twice in one object of a config or mcp.json file; JSON keeps the
 *   last value (a warning, never thrown).
 * - `service_token_invalid`: the variable a `continuations.detachedServices` entry names in `tokenEnv`
 *   is unset or shorter than 16 characters.
 */
export type MonoAgentConfigErrorCode =
  | "config_not_found"
  | "config_unreadable"
  | "config_invalid_json"
  | "config_invalid"
  | "unknown_key"
  | "invalid_env_value"
  | "retired_env_var"
  | "mcp_config_missing"
  | "mcp_config_invalid"
  | "mcp_config_unreadable"
  | "duplicate_server"
  | "invalid_server_name"
  | "env_reference_missing"
  | "service_token_invalid"
  | "duplicate_key";

/** One finding about a config: what was wrong, where, and what is accepted. */
export interface ConfigIssue {
  severity: "error" | "warning";
  /** A {@link MonoAgentConfigErrorCode}, or a warning code such as `literal_credential`. */
  code: MonoAgentConfigErrorCode | string;
  /** Absolute path of the file concerned, `<inline config>`, or absent for env-only issues. */
  file?: string;
  /** Dotted JSON path inside the file (`tools.mcpServers.github.headers.Authorization`); `$` is the root. */
  jsonPath?: string;
  /** A full sentence naming the file, the JSON path, what was wrong and what is accepted. */
  message: string;
  /** What the value may be, e.g. `an integer from 1 to 3650`. */
  expected?: string;
  /** A concrete fix, e.g. the closest known key or `{ "$env": "GITHUB_TOKEN" }`. */
  suggestion?: string;
}

const ERROR_BRAND = Symbol.for("@mono-agent/config/MonoAgentConfigError");

/** The one error type of @mono-agent/config. `issues` lists every problem found, errors first. */
export class MonoAgentConfigError extends Error {
  readonly code: MonoAgentConfigErrorCode;
  readonly issues: ConfigIssue[];
  readonly file?: string;
  readonly jsonPath?: string;
  readonly [ERROR_BRAND] = true;

  constructor(
    code: MonoAgentConfigErrorCode,
    message: string,
    options: { issues?: ConfigIssue[]; file?: string; jsonPath?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "MonoAgentConfigError";
    this.code = code;
    this.file = options.file;
    this.jsonPath = options.jsonPath;
    this.issues = options.issues ?? [
      { severity: "error", code, message, file: options.file, jsonPath: options.jsonPath },
    ];
  }

  /** True for a MonoAgentConfigError from any copy of this package (works across duplicate installs). */
  static isInstance(error: unknown): error is MonoAgentConfigError {
    return (
      typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[ERROR_BRAND] === true
    );
  }

  /** Builds the error thrown for a list of issues: the first error names the code and the message. */
  static fromIssues(issues: ConfigIssue[]): MonoAgentConfigError {
    const errors = issues.filter((issue) => issue.severity === "error");
    const first = errors[0] ?? issues[0];
    if (first === undefined) throw new TypeError("fromIssues needs at least one issue");
    const more =
      errors.length > 1 ? ` (and ${errors.length - 1} more error${errors.length > 2 ? "s" : ""})` : "";
    return new MonoAgentConfigError(first.code as MonoAgentConfigErrorCode, first.message + more, {
      issues: [...errors, ...issues.filter((issue) => issue.severity !== "error")],
      file: first.file,
      jsonPath: first.jsonPath,
    });
  }
}
