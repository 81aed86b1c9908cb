import { resolve } from "node:path";
import { CONFIG_FILE_MAX_BYTES, readBoundedFileSync } from "./read-bounded-file.js";
import { parseEnvFile } from "./parse-env-file.js";
import type { ConfigValue } from "./schema/env-reference-schema.js";
import type { McpServerOptions, McpServerSpec } from "./schema/mcp-server-spec-schema.js";
import {
  type McpImportContext,
  translateLiteral,
  translateValue,
  type ValueNote,
} from "./translate-host-value.js";

/** One line of the import report. */
export interface McpImportNote {
  server?: string;
  kind: "converted" | "dropped" | "action";
  message: string;
}

/** Why a key of another host's server entry is dropped (keys not listed: "not a mono-agent key"). */
const DROPPED_KEY_REASONS: Record<string, string> = {
  alwaysAllow:
    "mono-agent has no per-tool approval list (external MCP tools are offered once the server is declared)",
  autoApprove:
    "mono-agent has no per-tool approval list (external MCP tools are offered once the server is declared)",
  oauth: 'OAuth for remote servers is not supported yet: pass a token header with { "$env": ... } instead',
  auth: 'OAuth for remote servers is not supported yet: pass a token header with { "$env": ... } instead',
  dev: "VS Code's development mode (watch and debug) has no mono-agent equivalent",
  gallery: "VS Code gallery metadata",
  version: "VS Code gallery metadata",
  description: "mono-agent keeps no description per server",
};

/** The `type` values of other hosts, as mono-agent's. */
const TYPE_MAP: Record<string, "stdio" | "http" | "sse"> = {
  stdio: "stdio",
  http: "http",
  "streamable-http": "http",
  streamableHttp: "http",
  streamable_http: "http",
  sse: "sse",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}

/**
 * Turns one server entry of another host into a mono-agent server spec, or `undefined` when it cannot
 * be used (the reason is in the notes). `path` is its JSON path in the source file.
 */
export function convertHostServer(
  name: string,
  entry: unknown,
  path: string,
  context: McpImportContext,
  sourceFile: string,
): { spec?: McpServerSpec; notes: McpImportNote[] } {
  const notes: McpImportNote[] = [];
  const note = (kind: McpImportNote["kind"], message: string) => notes.push({ server: name, kind, message });
  const fromValue = (value: ValueNote) => note(value.kind, value.message);
  /** The `env` or `headers` object of the entry, each string value translated (see translateValue). */
  const translateValues = (field: "env" | "headers"): Record<string, ConfigValue> => {
    const translated: Record<string, ConfigValue> = {};
    const values = isRecord(entry) && isRecord(entry[field]) ? entry[field] : {};
    for (const [key, value] of Object.entries(values)) {
      if (typeof value !== "string") {
        note("dropped", `${path}.${field}.${key} is not a string; dropped`);
        continue;
      }
      const result = translateValue(value, `${field}.${key}`, context);
      for (const valueNote of result.notes) fromValue(valueNote);
      translated[key] = result.value;
    }
    return translated;
  };
  if (!isRecord(entry)) {
    note("dropped", `${path} is not an object; skipped`);
    return { notes };
  }
  const handled = new Set([
    "type",
    "transport",
    "command",
    "args",
    "env",
    "envFile",
    "cwd",
    "url",
    "serverUrl",
    "httpUrl",
    "headers",
    "disabled",
    "enabled",
    "disabledTools",
    "timeout",
  ]);
  const rawType =
    typeof entry["type"] === "string"
      ? entry["type"]
      : typeof entry["transport"] === "string"
        ? entry["transport"]
        : undefined;
  const type = rawType === undefined ? undefined : TYPE_MAP[rawType];
  if (rawType !== undefined && type === undefined) {
    note(
      "dropped",
      `${path}.type "${rawType}" is not a transport mono-agent knows (stdio, http, sse); skipped`,
    );
    return { notes };
  }
  const options: McpServerOptions = {};
  if (entry["disabled"] === true || entry["enabled"] === false) {
    options.enabled = false;
    note("converted", `${path}: disabled -> "enabled": false`);
  }
  const disabledTools = stringList(entry["disabledTools"]);
  if (disabledTools && disabledTools.length > 0) {
    options.excludeTools = disabledTools;
    note("converted", `${path}.disabledTools -> "excludeTools"`);
  }
  if (typeof entry["timeout"] === "number" && Number.isInteger(entry["timeout"]) && entry["timeout"] > 0) {
    options.timeoutMs = entry["timeout"];
    note("converted", `${path}.timeout -> "timeoutMs" (milliseconds)`);
  }
  for (const key of Object.keys(entry).filter((key) => !handled.has(key)))
    note("dropped", `${path}.${key} dropped: ${DROPPED_KEY_REASONS[key] ?? "not a mono-agent key"}`);

  const urlKey = ["url", "serverUrl", "httpUrl"].find((key) => typeof entry[key] === "string");
  if (typeof entry["command"] === "string" && type !== "http" && type !== "sse") {
    const command = translateLiteral(entry["command"], "command", context);
    command.notes.forEach(fromValue);
    const args = (stringList(entry["args"]) ?? []).map((arg, index) => {
      const translated = translateLiteral(arg, `args[${index}]`, context);
      translated.notes.forEach(fromValue);
      return translated.value;
    });
    const env: Record<string, ConfigValue> = {};
    if (typeof entry["envFile"] === "string") {
      const envFile = resolve(
        context.sourceWorkspace,
        translateLiteral(entry["envFile"], "envFile", context).value,
      );
      let names: string[] = [];
      const read = readBoundedFileSync(envFile, CONFIG_FILE_MAX_BYTES);
      try {
        if (read.status !== "read") throw new Error("unreadable");
        names = Object.keys(parseEnvFile(read.bytes.toString("utf8")));
      } catch {
        note(
          "action",
          `${path}.envFile ${envFile} ${read.status === "refused" ? `is ${read.problem}` : "cannot be read"}: its variables are not declared`,
        );
      }
      for (const variable of names) env[variable] = { $env: variable };
      if (names.length > 0)
        note(
          "action",
          `${path}.envFile: its variables (${names.join(", ")}) are declared as { "$env": NAME } and their values stay out of mcp.json: copy them from ${envFile} into the agent folder's .env (or pass --env-file ${envFile})`,
        );
    }
    Object.assign(env, translateValues("env"));
    const spec: McpServerSpec = {
      command: command.value,
      ...(args.length > 0 ? { args } : {}),
      ...(Object.keys(env).length > 0 ? { env } : {}),
      ...options,
    };
    if (typeof entry["cwd"] === "string") {
      const cwd = translateLiteral(entry["cwd"], "cwd", context);
      cwd.notes.forEach(fromValue);
      (spec as { cwd?: string }).cwd = cwd.value;
    }
    if (urlKey)
      note(
        "dropped",
        `${path}.${urlKey} dropped: the entry also has a command, and it is run as a stdio server`,
      );
    return { spec, notes };
  }
  if (urlKey !== undefined) {
    if (urlKey !== "url") note("converted", `${path}.${urlKey} -> "url"`);
    const url = translateLiteral(entry[urlKey] as string, "url", context);
    url.notes.forEach(fromValue);
    const headers = translateValues("headers");
    const spec: McpServerSpec = {
      url: url.value,
      ...(type === "http" || type === "sse" ? { type } : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...options,
    };
    return { spec, notes };
  }
  note("dropped", `${path} has neither a command nor a url; skipped (${sourceFile})`);
  return { notes };
}
