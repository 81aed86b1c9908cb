import { homedir } from "node:os";
import {
  MCP_IMPORT_HOSTS,
  type McpImportHost,
  MonoAgentConfigError,
  usualHostFiles,
} from "@mono-agent/config";
import {
  findMcpImportSources,
  mcpImportLines,
  mcpImportReport,
  planMcpImport,
  writeMcpImport,
} from "@mono-agent/config/mcp-import";
import type { CliIo } from "../cli-io.js";
import { DEFAULT_CONFIG_FILE } from "../default-config-file.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { parseCommandArgs } from "../parse-command-args.js";

const USAGE = `mono-agent mcp import [FILE] [--from ${MCP_IMPORT_HOSTS.join("|")}] [--output FILE] [--force] [--dry-run] [--json]`;

const HELP = `usage: ${USAGE}

Writes mono-agent's mcp.json from the MCP config of another host. FILE is detected by its name and shape
(--from names the host); without FILE the usual files of the workspace and home folder are read:
${usualHostFiles("<workspace>", "~")
  .map((entry) => `  ${entry.file}  (${entry.host})`)
  .join("\n")}
Host files may have comments and trailing commas (VS Code, Cursor). A file that cannot be read or parsed
is reported as skipped, with the line and column, and the others are still imported.

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
  try {
    const sources = findMcpImportSources({
      cwd: io.cwd,
      home,
      ...(positionals[0] !== undefined ? { file: positionals[0] } : {}),
      ...(from !== undefined ? { from: from as McpImportHost } : {}),
    });
    const plan = planMcpImport({
      sources,
      cwd: io.cwd,
      home,
      ...(from !== undefined ? { from: from as McpImportHost } : {}),
      ...(values.output !== undefined ? { output: values.output } : {}),
      force: values.force === true,
      importEnv: loadHostEnv({ exported: io.env, cwd: io.cwd, agentDir: io.cwd }),
      configFile: DEFAULT_CONFIG_FILE,
    });
    const dryRun = values["dry-run"] === true;
    if (!dryRun) writeMcpImport(plan);
    io.stdout.write(
      values.json
        ? `${JSON.stringify(mcpImportReport(plan, { dryRun }))}\n`
        : `${mcpImportLines(plan, { cwd: io.cwd, dryRun }).join("\n")}\n`,
    );
    return EXIT_OK;
  } catch (error) {
    if (MonoAgentConfigError.isInstance(error)) throw new ExitError(error.message, EXIT_FAILURE);
    throw error;
  }
}
