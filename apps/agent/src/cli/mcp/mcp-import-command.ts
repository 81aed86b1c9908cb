import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import {
  detectHost,
  discoverHostFiles,
  importHostMcpConfig,
  MCP_IMPORT_HOSTS,
  type McpImportHost,
  type McpImportNote,
  type McpServerSpec,
  mcpConfigFileSchema,
  usualHostFiles,
} from "@mono-agent/config";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { DEFAULT_CONFIG_FILE } from "../validate/validate-command.js";

const USAGE = `mono-agent mcp import [FILE] [--from ${MCP_IMPORT_HOSTS.join("|")}] [--output FILE] [--force] [--dry-run] [--json]`;

const HELP = `usage: ${USAGE}

Writes mono-agent's mcp.json from the MCP config of another host. FILE is detected by its name and shape
(--from names the host); without FILE the usual files of the workspace and home folder are read:
${usualHostFiles("<workspace>", "~")
  .map((entry) => `  ${entry.file}  (${entry.host})`)
  .join("\n")}

Variables become mono-agent's forms: \${VAR}, \${VAR:-default} and \${env:NAME} in env and header values become
{ "$env": "NAME" } (with "prefix", "suffix", "default": "Bearer \${TOKEN}" keeps the token out of the file);
\${workspaceFolder} and \${userHome} become paths (relative to the workspace where they can), VS Code's
\${input:id} an environment variable you set. Every key that is dropped is reported with the reason.

  --output FILE   the mcp.json to write (default: tools.mcpConfigPath of ./mono-agent.config.json, else ./mcp.json);
                  servers already in it are kept
  --force         replace servers of the same name that are already in the output
  --dry-run       report what would be written; write nothing
  --json          print exactly one JSON object
`;

interface ImportedFile {
  file: string;
  host: McpImportHost;
  servers: string[];
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new ExitError(
      `${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); pass a readable MCP config file`,
      EXIT_FAILURE,
    );
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
  } catch (error) {
    throw new ExitError(
      `${file} is not valid JSON (${(error as Error).message}); fix it in its host first`,
      EXIT_FAILURE,
    );
  }
}

/** The mcp.json to write: --output, the agent's tools.mcpConfigPath, or ./mcp.json; and the workspace. */
function outputTarget(
  io: CliIo,
  output: string | undefined,
): { file: string; workspace: string; configNote?: string } {
  const configFile = resolve(io.cwd, DEFAULT_CONFIG_FILE);
  let workspace = io.cwd;
  let mcpConfigPath: string | undefined;
  if (existsSync(configFile)) {
    try {
      const config = JSON.parse(readFileSync(configFile, "utf8")) as {
        runtime?: { workspace?: unknown };
        tools?: { mcpConfigPath?: unknown };
      };
      if (typeof config.runtime?.workspace === "string")
        workspace = resolve(io.cwd, config.runtime.workspace);
      if (typeof config.tools?.mcpConfigPath === "string") mcpConfigPath = config.tools.mcpConfigPath;
    } catch {
      // validate reports a broken config; the import still writes ./mcp.json
    }
  }
  if (output !== undefined) return { file: resolve(io.cwd, output), workspace };
  if (mcpConfigPath !== undefined) return { file: resolve(workspace, mcpConfigPath), workspace };
  return {
    file: resolve(io.cwd, "mcp.json"),
    workspace,
    ...(existsSync(configFile)
      ? {
          configNote: `${DEFAULT_CONFIG_FILE} sets no tools.mcpConfigPath: add "tools": { "mcpConfigPath": "./mcp.json" } so runs read it`,
        }
      : {}),
  };
}

function renderNotes(notes: readonly McpImportNote[]): string[] {
  return notes.map(
    (note) =>
      `  ${note.kind === "action" ? "todo" : note.kind}: ${note.server ? `${note.server}: ` : ""}${note.message}`,
  );
}

export async function mcpImportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      from: { type: "string" },
      output: { type: "string" },
      force: { type: "boolean" },
      "dry-run": { type: "boolean" },
      json: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  if (positionals.length > 1) throw usageError(`unexpected argument "${positionals[1]}"`, USAGE);
  const from = values.from;
  if (from !== undefined && !(MCP_IMPORT_HOSTS as readonly string[]).includes(from))
    throw usageError(
      `--from ${from} is not a host mono-agent imports; accepted: ${MCP_IMPORT_HOSTS.join(", ")}`,
      USAGE,
    );
  const home = io.env["HOME"] ?? homedir();
  const target = outputTarget(io, values.output);
  const sources =
    positionals[0] !== undefined
      ? [{ file: resolve(io.cwd, positionals[0]), host: undefined as McpImportHost | undefined }]
      : discoverHostFiles(io.cwd, home).filter((entry) => from === undefined || entry.host === from);
  if (sources.length === 0)
    throw new ExitError(
      `found no MCP config to import; looked for:\n${usualHostFiles(io.cwd, home)
        .map((entry) => `  ${entry.file}`)
        .join("\n")}\npass the file: mono-agent mcp import FILE`,
      EXIT_FAILURE,
    );
  const importEnv = loadHostEnv({ exported: io.env, cwd: io.cwd, agentDir: io.cwd });
  const notes: McpImportNote[] = [];
  const imported: ImportedFile[] = [];
  const servers: Record<string, McpServerSpec> = {};
  for (const source of sources) {
    const value = readJson(source.file);
    const host = (from as McpImportHost | undefined) ?? source.host ?? detectHost(source.file, value);
    const parent = dirname(source.file);
    const projectFolder =
      basename(parent) === ".vscode" || basename(parent) === ".cursor" ? dirname(parent) : parent;
    const sourceWorkspace =
      source.file.startsWith(join(home, ".")) || projectFolder === home ? io.cwd : projectFolder;
    const converted = importHostMcpConfig(value, host, source.file, {
      sourceWorkspace,
      targetWorkspace: target.workspace,
      home,
      importEnv,
    });
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
    notes.push(...converted.notes.map((note) => ({ ...note, message: note.message })));
    imported.push({ file: source.file, host, servers: names });
  }
  const existing = existsSync(target.file) ? readJson(target.file) : undefined;
  const existingServers =
    (existing as { mcpServers?: Record<string, McpServerSpec> } | undefined)?.mcpServers ?? {};
  const merged: Record<string, McpServerSpec> = { ...existingServers };
  for (const [name, spec] of Object.entries(servers)) {
    if (Object.hasOwn(existingServers, name) && !values.force) {
      notes.push({
        server: name,
        kind: "dropped",
        message: `${target.file} already declares "${name}": kept as it is (--force replaces it)`,
      });
      continue;
    }
    merged[name] = spec;
  }
  const schemaPath = existsSync(join(dirname(target.file), "schemas", "mcp.schema.json"))
    ? "./schemas/mcp.schema.json"
    : undefined;
  const document = {
    ...(typeof (existing as { $schema?: unknown } | undefined)?.$schema === "string"
      ? { $schema: (existing as { $schema: string }).$schema }
      : schemaPath
        ? { $schema: schemaPath }
        : {}),
    mcpServers: merged,
  };
  const checked = mcpConfigFileSchema.safeParse(document);
  if (!checked.success)
    throw new ExitError(
      `the converted servers do not form a valid mcp.json (${checked.error.issues[0]?.message}); nothing was written, please report it`,
      EXIT_FAILURE,
    );
  if (target.configNote) notes.push({ kind: "action", message: target.configNote });
  if (!values["dry-run"]) {
    const temporary = `${target.file}.import-${process.pid}`;
    writeFileSync(temporary, `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, target.file);
  }
  const written = values["dry-run"] ? "would write" : "wrote";
  if (values.json) {
    io.stdout.write(
      `${JSON.stringify({ ok: true, output: target.file, written: !values["dry-run"], sources: imported, servers: Object.keys(servers), notes })}\n`,
    );
    return EXIT_OK;
  }
  const lines = [
    ...imported.map(
      (entry) =>
        `read ${entry.file} (${entry.host}): ${entry.servers.length > 0 ? entry.servers.join(", ") : "no servers"}`,
    ),
    ...renderNotes(notes),
    `${written} ${relative(io.cwd, target.file) || target.file} with ${Object.keys(merged).length} server(s).`,
    "Next: mono-agent validate --connect",
    "",
  ];
  io.stdout.write(lines.join("\n"));
  return EXIT_OK;
}
