import type { CliIo } from "../cli-io.js";
import { EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { resolveMemoryRoot } from "./memory-context.js";
import { forgetCommand } from "./memory-forget-command.js";
import { rebuildCommand, searchCommand, showCommand, statsCommand } from "./memory-read-commands.js";

const USAGE = [
  "mono-agent memory stats|today|rebuild [--config FILE] [--env-file FILE] [--json]",
  "       mono-agent memory show <YYYY-MM-DD> | search <query> [--limit N]",
  "       mono-agent memory forget prepare --ids-file FILE --reason SLUG --plan FILE",
  "       mono-agent memory forget apply --plan FILE | forget restore --backup DIR",
].join("\n");

const HELP = `usage: ${USAGE}

Operator commands for the agent's curated memory (memory.path):
  stats     counts of memories, daily files and the index
  today     today's (UTC) memories with their ids
  show      the memories of one UTC date
  search    full-text search, as MemoryRecall does
  rebuild   rebuild the SQLite index from the canonical daily files
  forget    two-phase removal: prepare a plan (read-only), apply it while the agent is stopped
            (a verified backup is kept beside the memory folder), restore it from that backup
`;

/** `mono-agent memory ...`. */
export async function memoryCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      config: { type: "string" },
      "env-file": { type: "string" },
      json: { type: "boolean" },
      limit: { type: "string" },
      "ids-file": { type: "string" },
      reason: { type: "string" },
      plan: { type: "string" },
      backup: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const [subcommand, ...rest] = positionals;
  const forgetFlags = {
    idsFile: values["ids-file"],
    reason: values.reason,
    plan: values.plan,
    backup: values.backup,
  };
  const usesForgetFlags = Object.values(forgetFlags).some((value) => value !== undefined);
  if (subcommand !== "forget" && usesForgetFlags) {
    throw new ExitError(
      `--ids-file, --reason, --plan and --backup belong to memory forget\nusage: ${USAGE}`,
      EXIT_USAGE,
    );
  }
  if (subcommand !== "search" && values.limit !== undefined) {
    throw new ExitError(`--limit belongs to memory search\nusage: ${USAGE}`, EXIT_USAGE);
  }
  const expectArgs = (count: number, what: string) => {
    if (rest.length !== count)
      throw new ExitError(`memory ${subcommand} takes ${what}\nusage: ${USAGE}`, EXIT_USAGE);
  };
  const json = values.json === true;
  const options = {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  };
  switch (subcommand) {
    case "stats":
      expectArgs(0, "no arguments");
      return statsCommand(io, await resolveMemoryRoot(io, options), json);
    case "today":
      expectArgs(0, "no arguments");
      return showCommand(io, await resolveMemoryRoot(io, options), undefined, json);
    case "show":
      expectArgs(1, "one date YYYY-MM-DD");
      return showCommand(io, await resolveMemoryRoot(io, options), rest[0], json);
    case "search":
      if (rest.length === 0) throw new ExitError(`memory search takes a query\nusage: ${USAGE}`, EXIT_USAGE);
      return searchCommand(io, await resolveMemoryRoot(io, options), rest.join(" "), values.limit, json);
    case "rebuild":
      expectArgs(0, "no arguments");
      return rebuildCommand(io, await resolveMemoryRoot(io, options), json);
    case "forget": {
      const [phase, ...extra] = rest;
      if (extra.length > 0)
        throw new ExitError(`unexpected argument "${extra[0]}"\nusage: ${USAGE}`, EXIT_USAGE);
      return forgetCommand(io, await resolveMemoryRoot(io, options), phase, forgetFlags, json);
    }
    default:
      throw new ExitError(
        `${subcommand === undefined ? "missing subcommand" : `unknown subcommand "${subcommand}"`}\nusage: ${USAGE}`,
        EXIT_USAGE,
      );
  }
}
