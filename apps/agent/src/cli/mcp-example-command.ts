import { statSync } from "node:fs";
import { resolve } from "node:path";
import { runExampleServer } from "@mono-agent/example-server";
import type { CliIo } from "./cli-io.js";
import { EXIT_OK, usageError } from "./exit-error.js";
import { parseCommandArgs } from "./parse-command-args.js";

const USAGE = "mono-agent mcp-example [--workspace DIR]";

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Serves the example MCP server on stdin/stdout; returns when the client closes stdin. */
export async function mcpExampleCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { workspace: { type: "string" }, help: { type: "boolean", short: "h" } },
    USAGE,
  );
  if (values.help) {
    io.stderr.write(
      `usage: ${USAGE}\n\nA stdio MCP server with current_time, calculate and text_stats (files under the workspace,\ndefault: the current folder). Declare it in mcp.json; it is not meant to be run by hand.\n`,
    );
    return EXIT_OK;
  }
  if (positionals.length > 0) throw usageError(`unexpected argument "${positionals[0]}"`, USAGE);
  const workspace = resolve(io.cwd, values.workspace ?? ".");
  if (!isFolder(workspace))
    throw usageError(`--workspace ${workspace} is not a folder; pass an existing folder`, USAGE);
  await runExampleServer(workspace);
  await new Promise<void>((resolveClosed) =>
    io.stdin.once("end", () => resolveClosed()).once("close", () => resolveClosed()),
  );
  return EXIT_OK;
}
