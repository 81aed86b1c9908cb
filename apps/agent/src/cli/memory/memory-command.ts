import { MemoryError, RECALL_DEFAULT_LIMIT, RECALL_MAX_LIMIT } from "@mono-agent/memory";
import {
  type MemoryReport,
  memoryDayReport,
  memoryErrorLine,
  memoryRebuildReport,
  memoryReportLine,
  memorySearchReport,
  memoryStatsReport,
} from "@mono-agent/memory/lite";
import type { CliIo } from "../cli-io.js";
import { EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { agentConfigOptions } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { resolveMemoryRoot } from "./memory-context.js";
import { forgetReport } from "./memory-forget-command.js";

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
  const json = values.json === true;
  const report = await memoryReport(subcommand, rest, {
    root: () => resolveMemoryRoot(io, agentConfigOptions(values)),
    limitText: values.limit,
    forget: (root, phase) =>
      forgetReport(io.cwd, root, phase, forgetFlags).catch((error: unknown) => {
        const line = memoryErrorLine(error);
        if (line === undefined || !MemoryError.isInstance(error)) throw error;
        if (json) io.stdout.write(line);
        throw new ExitError(`${error.code}: ${error.message}`);
      }),
  });
  io.stdout.write(memoryReportLine(report, json));
  return EXIT_OK;
}

async function memoryReport(
  subcommand: string | undefined,
  rest: readonly string[],
  {
    root,
    limitText,
    forget,
  }: {
    root: () => Promise<string>;
    limitText: string | undefined;
    forget: (root: string, phase: string | undefined) => Promise<MemoryReport>;
  },
): Promise<MemoryReport> {
  const expectArgs = (count: number, what: string) => {
    if (rest.length !== count)
      throw new ExitError(`memory ${subcommand} takes ${what}\nusage: ${USAGE}`, EXIT_USAGE);
  };
  switch (subcommand) {
    case "stats":
      expectArgs(0, "no arguments");
      return memoryStatsReport(await root());
    case "today":
    case "show": {
      expectArgs(
        subcommand === "show" ? 1 : 0,
        subcommand === "show" ? "one date YYYY-MM-DD" : "no arguments",
      );
      const memoryRoot = await root();
      try {
        return memoryDayReport(memoryRoot, rest[0]);
      } catch (error) {
        if (MemoryError.isInstance(error) && error.code === "invalid_date")
          throw new ExitError(error.message, EXIT_USAGE);
        throw error;
      }
    }
    case "search": {
      if (rest.length === 0) throw new ExitError(`memory search takes a query\nusage: ${USAGE}`, EXIT_USAGE);
      const memoryRoot = await root();
      const limit = limitText === undefined ? RECALL_DEFAULT_LIMIT : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > RECALL_MAX_LIMIT)
        throw new ExitError(`--limit must be an integer from 1 to ${RECALL_MAX_LIMIT}`, EXIT_USAGE);
      return memorySearchReport(memoryRoot, rest.join(" "), limit);
    }
    case "rebuild": {
      expectArgs(0, "no arguments");
      const memoryRoot = await root();
      return memoryRebuildReport(memoryRoot).catch((error: unknown) => {
        if (MemoryError.isInstance(error)) throw new ExitError(`${error.code}: ${error.message}`);
        throw error;
      });
    }
    case "forget": {
      const [phase, ...extra] = rest;
      if (extra.length > 0)
        throw new ExitError(`unexpected argument "${extra[0]}"\nusage: ${USAGE}`, EXIT_USAGE);
      return forget(await root(), phase);
    }
    default:
      throw new ExitError(
        `${subcommand === undefined ? "missing subcommand" : `unknown subcommand "${subcommand}"`}\nusage: ${USAGE}`,
        EXIT_USAGE,
      );
  }
}
