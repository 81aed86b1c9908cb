import { runExampleServer } from "../example-server/example-server.js";
import type { CliIo } from "./cli-io.js";
import { EXIT_OK } from "./exit-error.js";
import { parseCommandArgs } from "./parse-command-args.js";

const USAGE = "mono-agent mcp-example [--workspace DIR]";

/** Serves the example MCP server on stdin/stdout; returns when the client closes stdin. */
export async function mcpExampleCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(
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
  await runExampleServer(values.workspace ?? io.cwd);
  await new Promise<void>((resolveClosed) =>
    io.stdin.once("end", () => resolveClosed()).once("close", () => resolveClosed()),
  );
  return EXIT_OK;
}
