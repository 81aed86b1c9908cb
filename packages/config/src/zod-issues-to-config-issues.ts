import * as z from "zod";
import { closestKey } from "./closest-key.js";
import { describeJsonValue, formatJsonPath, isPlainObject, valueAtPath } from "./json-path.js";
import type { ConfigIssue } from "./mono-agent-config-error.js";
import { describeNumberSchema, knownKeysAt, nestedKeyLocation, schemaAtPath } from "./schema-at-path.js";
import { MCP_SERVER_NAME_RULE, mcpServerNameProblem } from "./schema/mcp-server-name.js";
import { MCP_SERVER_SPEC_FORMS } from "./schema/mcp-server-spec-schema.js";

type ZodIssue = z.core.$ZodIssue;

/** What the converter needs to know about the document the issues came from. */
export interface IssueSource {
  schema: z.ZodType;
  /** The parsed input, after env overrides. */
  input: unknown;
  /** Absolute file path, or `<inline config>`. */
  file: string;
  /** `config_invalid` for mono-agent.config.json, `mcp_config_invalid` for mcp.json. */
  invalidCode: "config_invalid" | "mcp_config_invalid";
  /** Formatted JSON path -> the `MONO_AGENT_*` variable that set it. */
  envPaths?: ReadonlyMap<string, string>;
}

/** One sentence: where, what was wrong, what is accepted. */
export function issueMessage(file: string, jsonPath: string, what: string, expected?: string): string {
  return `${file} at ${jsonPath}: ${what}${expected === undefined ? "" : `; accepted: ${expected}`}.`;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a string",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  number: "a number",
  record: "an object",
};

/** What `mcpServers` accepts, in words: a record keyed by server name. */
const SERVERS_RECORD_WORDS =
  'an object of servers by name, e.g. { "my-server": { "command": "npx", "args": [...] } }';

function envVariableFor(source: IssueSource, jsonPath: string): string | undefined {
  for (const [path, variable] of source.envPaths ?? []) {
    if (jsonPath === path || jsonPath.startsWith(`${path}[`) || jsonPath.startsWith(`${path}.`))
      return variable;
  }
  return undefined;
}

function isServerSpecPath(path: readonly PropertyKey[]): boolean {
  return path.length >= 2 && path[path.length - 2] === "mcpServers";
}

function expectedFor(issue: ZodIssue, source: IssueSource, path: PropertyKey[]): string | undefined {
  const schema = schemaAtPath(source.schema, path, source.input);
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "number" || issue.expected === "int"
        ? (describeNumberSchema(schema) ?? "a number")
        : schema instanceof z.ZodArray && schema.element instanceof z.ZodString
          ? "an array of strings"
          : issue.expected === "record" && path[path.length - 1] === "mcpServers"
            ? SERVERS_RECORD_WORDS
            : (TYPE_WORDS[issue.expected] ?? issue.expected);
    case "invalid_value":
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "too_small":
    case "too_big":
      // zod reports "int" for an integer beyond the safe range, "number" for the schema's own bounds.
      if (issue.origin === "number" || issue.origin === "int") return describeNumberSchema(schema);
      if (issue.origin === "string") return "a non-empty string";
      return issue.message;
    default:
      return issue.message.startsWith("expected ") ? issue.message.slice("expected ".length) : undefined;
  }
}

/** Keys other hosts use for a server's URL (Windsurf's `serverUrl`, Gemini CLI's `httpUrl`): mono-agent's is `url`. */
const OTHER_HOSTS_URL_KEYS = new Set(["serverUrl", "httpUrl", "uri", "endpoint"]);

const SPEC_KEYS_BESIDE_COMMAND_OR_URL = new Set([
  "type",
  "args",
  "env",
  "cwd",
  "headers",
  "enabled",
  "timeoutMs",
  "connectTimeoutMs",
  "includeTools",
  "excludeTools",
  "protocolVersion",
]);

/** ` (did you mean "command"?)` for the key of a spec that has neither `command` nor `url`. */
function commandOrUrlHint(value: Record<string, unknown>): string {
  for (const key of Object.keys(value).filter((name) => !SPEC_KEYS_BESIDE_COMMAND_OR_URL.has(name))) {
    if (OTHER_HOSTS_URL_KEYS.has(key))
      return ` ("${key}" is another host's name for it: write "url", or run \`mono-agent mcp import\`)`;
    const suggestion = closestKey(key, ["command", "url"]);
    if (suggestion !== undefined && suggestion !== key)
      return ` (did you mean "${suggestion}" for "${key}"?)`;
  }
  return "";
}

function serverSpecIssues(issue: z.core.$ZodIssueInvalidUnion, source: IssueSource, path: PropertyKey[]) {
  const value = valueAtPath(source.input, path).value;
  const jsonPath = formatJsonPath(path);
  const hasCommand = isPlainObject(value) && Object.hasOwn(value, "command");
  const hasUrl = isPlainObject(value) && Object.hasOwn(value, "url");
  if (hasCommand !== hasUrl) return convertIssues(issue.errors[hasCommand ? 0 : 1] ?? [], source, path);
  const what = !isPlainObject(value)
    ? `a server spec must be an object, got ${describeJsonValue(value)}`
    : hasCommand
      ? 'the server declares both "command" and "url"; choose one'
      : `the server declares neither "command" nor "url"${commandOrUrlHint(value)}`;
  const error: ConfigIssue = {
    severity: "error",
    code: source.invalidCode,
    file: source.file,
    jsonPath,
    message: issueMessage(source.file, jsonPath, what, MCP_SERVER_SPEC_FORMS),
    expected: MCP_SERVER_SPEC_FORMS,
  };
  return [error];
}

function unionIssues(issue: z.core.$ZodIssueInvalidUnion, source: IssueSource, path: PropertyKey[]) {
  if (isServerSpecPath(path)) return serverSpecIssues(issue, source, path);
  const candidates = issue.errors.filter(
    (branch) => !branch.some((inner) => inner.path.length === 0 && inner.code === "invalid_type"),
  );
  if (candidates.length === 1) return convertIssues(candidates[0]!, source, path);
  const jsonPath = formatJsonPath(path);
  const expected = 'a string, or { "$env": "NAME" } to read the value from the environment';
  const got = describeJsonValue(valueAtPath(source.input, path).value);
  const error: ConfigIssue = {
    severity: "error",
    code: source.invalidCode,
    file: source.file,
    jsonPath,
    message: issueMessage(source.file, jsonPath, `got ${got}`, expected),
    expected,
  };
  return [error];
}

function unknownKeyIssues(keys: readonly string[], source: IssueSource, path: PropertyKey[]): ConfigIssue[] {
  const known = knownKeysAt(source.schema, path, source.input);
  return keys.map((key) => {
    const jsonPath = formatJsonPath([...path, key]);
    const suggestion = closestKey(key, known) ?? nestedKeyLocation(source.schema, path, key, source.input);
    const hint = suggestion === undefined ? "" : ` (did you mean "${suggestion}"?)`;
    const expected = known.length > 0 ? `one of the keys ${known.join(", ")}` : "no other keys";
    return {
      severity: "error" as const,
      code: "unknown_key",
      file: source.file,
      jsonPath,
      message: issueMessage(source.file, jsonPath, `unknown key "${key}"${hint}`, expected),
      expected,
      ...(suggestion === undefined ? {} : { suggestion }),
    };
  });
}

function invalidKeyIssue(issue: ZodIssue, source: IssueSource, path: PropertyKey[]): ConfigIssue {
  const jsonPath = formatJsonPath(path);
  const name = String(path[path.length - 1]);
  if (isServerSpecPath(path)) {
    const problem = mcpServerNameProblem(name) ?? "is not accepted";
    const what = `server name ${JSON.stringify(name)} ${problem}`;
    const message = issueMessage(source.file, jsonPath, what, MCP_SERVER_NAME_RULE);
    return {
      severity: "error",
      code: "invalid_server_name",
      file: source.file,
      jsonPath,
      message,
      expected: MCP_SERVER_NAME_RULE,
    };
  }
  const inner = issue.code === "invalid_key" ? issue.issues[0]?.message : undefined;
  const expected = inner?.startsWith("expected ") ? inner.slice("expected ".length) : inner;
  const message = issueMessage(
    source.file,
    jsonPath,
    `key ${JSON.stringify(name)} is not accepted`,
    expected,
  );
  return { severity: "error", code: source.invalidCode, file: source.file, jsonPath, message, expected };
}

function valueIssue(issue: ZodIssue, source: IssueSource, path: PropertyKey[]): ConfigIssue {
  const jsonPath = formatJsonPath(path);
  const expected = expectedFor(issue, source, path);
  const { found, value } = valueAtPath(source.input, path);
  const envVariable = envVariableFor(source, jsonPath);
  const what =
    issue.code === "custom"
      ? issue.message
      : !found
        ? `required key "${String(path[path.length - 1])}" is missing`
        : `got ${describeJsonValue(value)}`;
  if (envVariable !== undefined) {
    const message = `${envVariable} sets ${jsonPath}: ${what}${expected === undefined ? "" : `; accepted: ${expected}`}.`;
    return { severity: "error", code: "invalid_env_value", jsonPath, message, expected };
  }
  const message = issueMessage(source.file, jsonPath, what, expected);
  return { severity: "error", code: source.invalidCode, file: source.file, jsonPath, message, expected };
}

function convertIssues(
  issues: readonly ZodIssue[],
  source: IssueSource,
  basePath: PropertyKey[],
): ConfigIssue[] {
  return issues.flatMap((issue) => {
    const path = [...basePath, ...issue.path];
    if (issue.code === "unrecognized_keys") return unknownKeyIssues(issue.keys, source, path);
    if (issue.code === "invalid_union") return unionIssues(issue, source, path);
    if (issue.code === "invalid_key") return [invalidKeyIssue(issue, source, path)];
    return [valueIssue(issue, source, path)];
  });
}

/** Turns zod issues into {@link ConfigIssue}s that name the file, the JSON path, what was wrong and what is accepted. */
export function zodIssuesToConfigIssues(issues: readonly ZodIssue[], source: IssueSource): ConfigIssue[] {
  // One value can break two checks that read the same (1e30: past the safe integer range and past the max).
  const seen = new Set<string>();
  return convertIssues(issues, source, []).filter((issue) => {
    const key = `${issue.jsonPath ?? ""}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
