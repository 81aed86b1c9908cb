import { relative, resolve } from "node:path";
import { writeAgentFolder } from "@mono-agent/config/init";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { parseCommandArgs } from "../parse-command-args.js";

const USAGE = "mono-agent init <dir>";

/** Scaffolds an agent folder that validates and runs; never overwrites a file that exists. */
export async function initCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { help: { type: "boolean", short: "h" } }, USAGE);
  if (values.help) {
    io.stdout.write(
      `usage: ${USAGE}\n\nCreates an agent folder: mono-agent.config.json (demo model), mcp.json (the example MCP\nserver), AGENTS.md (instructions), README.md, .gitignore and schemas/ (the JSON Schemas of both files, for editors, offline).\nNo path of this machine is written: the folder keeps working when moved. Existing files are never overwritten.\n`,
    );
    return EXIT_OK;
  }
  const [target, extra] = positionals;
  if (!target || extra !== undefined)
    throw new ExitError(`expected exactly one folder\nusage: ${USAGE}`, EXIT_USAGE);
  const dir = resolve(io.cwd, target);
  const written = writeAgentFolder(dir);
  if ("problem" in written) throw new ExitError(written.problem, EXIT_FAILURE);
  const shown = relative(io.cwd, dir) || ".";
  io.stdout.write(
    [
      `Created an agent folder in ${dir}:`,
      ...written.files.map((name) => `  ${name}`),
      "",
      "Next:",
      `  cd ${shown}`,
      "  mono-agent validate --connect",
      '  mono-agent run "What is 17 * 23?"',
      "",
    ].join("\n"),
  );
  return EXIT_OK;
}
