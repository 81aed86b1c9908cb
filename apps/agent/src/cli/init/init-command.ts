import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { SCHEMA_FOLDER, scaffoldFiles } from "./scaffold-files.js";

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
  const files = scaffoldFiles();
  const existing = Object.keys(files).filter((name) => existsSync(join(dir, name)));
  if (existing.length > 0) {
    throw new ExitError(
      `${dir} already has ${existing.join(", ")}; choose an empty or new folder (nothing was written)`,
      EXIT_FAILURE,
    );
  }
  createFolder(dir);
  mkdirSync(join(dir, SCHEMA_FOLDER), { recursive: true });
  writeScaffold(dir, files);
  const shown = relative(io.cwd, dir) || ".";
  io.stdout.write(
    [
      `Created an agent folder in ${dir}:`,
      ...Object.keys(files).map((name) => `  ${name}`),
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

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates the agent folder; a file in its place (or in its path) is an error that names it. */
function createFolder(dir: string): void {
  let existing: ReturnType<typeof statSync> | undefined;
  try {
    existing = statSync(dir, { throwIfNoEntry: false });
  } catch {
    existing = undefined; // ENOTDIR and the like: mkdirSync below names the problem
  }
  if (existing && !existing.isDirectory())
    throw new ExitError(
      `${dir} is a file, not a folder; pass a new or empty folder for the agent (nothing was written)`,
      EXIT_FAILURE,
    );
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ExitError(
      code === "ENOTDIR" || code === "EEXIST"
        ? `${dir} cannot be created: a file stands in its path; pass a new or empty folder for the agent (nothing was written)`
        : `${dir} cannot be created (${reasonOf(error)}); pass a folder you can write to (nothing was written)`,
      EXIT_FAILURE,
    );
  }
}

/** Writes every scaffold file, or none: a failed write removes the files this call already wrote. */
function writeScaffold(dir: string, files: Record<string, string>): void {
  const written: string[] = [];
  try {
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text, { flag: "wx" });
      written.push(name);
    }
  } catch (error) {
    for (const name of written) rmSync(join(dir, name), { force: true });
    throw new ExitError(
      `could not write the agent folder ${dir} (${reasonOf(error)}); pass a folder you can write to (nothing was kept)`,
      EXIT_FAILURE,
    );
  }
}
