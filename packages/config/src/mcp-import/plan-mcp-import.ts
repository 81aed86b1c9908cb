import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { importHostMcpConfig } from "../convert-host-config.js";
import type { McpImportNote } from "../convert-host-server.js";
import { detectHost, type McpImportHost } from "../host-config-formats.js";
import type { EnvRecord } from "../loaded-config.js";
import { mcpConfigFileSchema } from "../mcp-config-file-schema.js";
import { MonoAgentConfigError } from "../mono-agent-config-error.js";
import type { McpServerSpec } from "../schema/mcp-server-spec-schema.js";
import type { McpImportSource } from "./find-mcp-import-sources.js";
import { mcpImportTarget } from "./mcp-import-target.js";
import { readHostJson } from "./read-host-json.js";

/** One file an import read, the host it came from and the servers taken from it. */
export interface McpImportedFile {
  file: string;
  host: McpImportHost;
  servers: string[];
}

/** A file an import could not use (unreadable, not JSON, not an MCP config): reported, the others still read. */
export interface McpImportSkippedFile {
  file: string;
  message: string;
}

/** What an import writes and why: see {@link planMcpImport}. */
export interface McpImportPlan {
  /** The mcp.json to write (absolute). */
  output: string;
  sources: McpImportedFile[];
  /** Files found but not usable, with the reason; the import went on with the others. */
  skipped: McpImportSkippedFile[];
  /** The names of the servers imported (before merging with the output's own). */
  servers: string[];
  /** The whole mcp.json to write: the output's servers, merged with the imported ones. */
  document: { $schema?: string; mcpServers: Record<string, McpServerSpec> };
  /** Every conversion, dropped key and thing left for the user to do. */
  notes: McpImportNote[];
}

/** Input of {@link planMcpImport}. */
export interface PlanMcpImportInput {
  /** The files to read, from {@link findMcpImportSources}. */
  sources: readonly McpImportSource[];
  /** The agent folder: where the agent config is read and relative paths start. */
  cwd: string;
  home: string;
  /** The host every source is read as; else each file's own host, detected by its name and shape. */
  from?: McpImportHost;
  /** The mcp.json to write, relative to `cwd`; else the agent's `tools.mcpConfigPath`, else `./mcp.json`. */
  output?: string;
  /** Replace servers of the same name that the output already declares (else they are kept). */
  force?: boolean;
  /** The environment of the import, for values that cannot stay `$env` references. */
  importEnv: EnvRecord;
  /** The agent config file name in `cwd`, e.g. `mono-agent.config.json`. */
  configFile: string;
}

/**
 * Reads and converts the host files into one mcp.json merged with the output's own servers (the first
 * declaration of a name wins; the output's servers stay unless `force`), checked against mcp.json's
 * schema. Host files may be JSON with comments and trailing commas (VS Code, Cursor). A host file that
 * cannot be read or converted is listed in `skipped` and the others are still read; only when no file
 * could be read does it throw that file's `MonoAgentConfigError` (`mcp_config_unreadable`,
 * `mcp_config_invalid`). Writes nothing: {@link writeMcpImport} does. Also throws `mcp_config_invalid`
 * for an output mcp.json that is not strict JSON, and for a result that is not a valid mcp.json.
 */
export function planMcpImport(input: PlanMcpImportInput): McpImportPlan {
  const { cwd } = input;
  const target = mcpImportTarget(cwd, input.configFile, input.output);
  const notes: McpImportNote[] = [];
  const imported: McpImportedFile[] = [];
  const servers: Record<string, McpServerSpec> = {};
  const skipped: McpImportSkippedFile[] = [];
  let firstFailure: MonoAgentConfigError | undefined;
  for (const source of input.sources) {
    let read: ReturnType<typeof readHostFile>;
    try {
      read = readHostFile(source, input, target.workspace);
    } catch (error) {
      if (!MonoAgentConfigError.isInstance(error)) throw error;
      firstFailure ??= error;
      skipped.push({ file: source.file, message: error.message });
      continue;
    }
    const { host, converted } = read;
    const names: string[] = [];
    for (const [name, spec] of Object.entries(converted.servers)) {
      if (Object.hasOwn(servers, name)) {
        notes.push({
          server: name,
          kind: "dropped",
          message: `also declared in ${source.file}: the first one found is kept`,
        });
        continue;
      }
      servers[name] = spec;
      names.push(name);
    }
    notes.push(...converted.notes);
    imported.push({ file: source.file, host, servers: names });
  }
  if (firstFailure !== undefined && imported.length === 0) throw firstFailure;
  const existing = existsSync(target.file) ? readHostJson(target.file, { comments: false }) : undefined;
  const existingServers =
    (existing as { mcpServers?: Record<string, McpServerSpec> } | undefined)?.mcpServers ?? {};
  const merged: Record<string, McpServerSpec> = { ...existingServers };
  for (const [name, spec] of Object.entries(servers)) {
    if (Object.hasOwn(existingServers, name) && !input.force) {
      notes.push({
        server: name,
        kind: "dropped",
        message: `${target.file} already declares "${name}": kept as it is (--force replaces it)`,
      });
      continue;
    }
    merged[name] = spec;
  }
  const existingSchema = (existing as { $schema?: unknown } | undefined)?.$schema;
  const schemaPath = existsSync(join(dirname(target.file), "schemas", "mcp.schema.json"))
    ? "./schemas/mcp.schema.json"
    : undefined;
  const document = {
    ...(typeof existingSchema === "string"
      ? { $schema: existingSchema }
      : schemaPath
        ? { $schema: schemaPath }
        : {}),
    mcpServers: merged,
  };
  const checked = mcpConfigFileSchema.safeParse(document);
  if (!checked.success)
    throw new MonoAgentConfigError(
      "mcp_config_invalid",
      `the converted servers do not form a valid mcp.json (${checked.error.issues[0]?.message}); nothing was written, please report it`,
      { file: target.file },
    );
  if (target.configNote) notes.push({ kind: "action", message: target.configNote });
  return { output: target.file, sources: imported, skipped, servers: Object.keys(servers), document, notes };
}

/** Reads and converts one host file; throws `MonoAgentConfigError` when it cannot be used. */
function readHostFile(source: McpImportSource, input: PlanMcpImportInput, targetWorkspace: string) {
  const { cwd, home } = input;
  const value = readHostJson(source.file);
  const host = input.from ?? source.host ?? detectHost(source.file, value);
  const parent = dirname(source.file);
  const projectFolder =
    basename(parent) === ".vscode" || basename(parent) === ".cursor" ? dirname(parent) : parent;
  const sourceWorkspace =
    source.file.startsWith(join(home, ".")) || projectFolder === home ? cwd : projectFolder;
  const converted = importHostMcpConfig(value, host, source.file, {
    sourceWorkspace,
    targetWorkspace,
    home,
    importEnv: input.importEnv,
  });
  return { host, converted };
}
