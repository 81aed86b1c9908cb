import { MemoryError, RECALL_DEFAULT_LIMIT, RECALL_MAX_LIMIT } from "@mono-agent/memory";
import {
  type MemoryReport,
  memoryDayReport,
  memoryErrorLine,
  memoryReportLine,
  memoryStatsReport,
} from "@mono-agent/memory/lite";
import type { MemoryTierContext } from "@mono-agent/memory/tools";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";
import { agentConfigOptions } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { resolveMemoryContext } from "./memory-context.js";
import { forgetReport } from "./memory-forget-command.js";

const USAGE = [
  "mono-agent memory stats|today|rebuild|rollback [--config FILE] [--env-file FILE] [--json]",
  "       mono-agent memory audit [--strict] [--json]",
  "       mono-agent memory show <YYYY-MM-DD> | search <query> [--limit N]",
  "       mono-agent memory forget prepare --ids-file FILE --reason SLUG --plan FILE",
  "       mono-agent memory forget apply --plan FILE | forget restore --backup DIR",
].join("\n");

const HELP = `usage: ${USAGE}

Operator commands for the agent's curated memory (memory.path):
  stats     counts of memories, daily files and the index
  today     today's (UTC) memories with their ids
  show      the memories of one UTC date
  search    search as MemoryRecall does (journal: full text + vectors)
  rebuild   rebuild the SQLite index from the canonical daily files (journal: build a new
            index generation with fresh vectors and switch to it atomically)
  rollback  journal: make the previous index generation active again
  audit     read-only health check; --strict exits 1 unless healthy/in_progress/not configured
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
      strict: { type: "boolean" },
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
  const json = values.json === true;
  if (subcommand !== "forget" && usesForgetFlags) {
    throw new ExitError(
      `--ids-file, --reason, --plan and --backup belong to memory forget\nusage: ${USAGE}`,
      EXIT_USAGE,
    );
  }
  if (subcommand !== "audit" && values.strict !== undefined) {
    throw new ExitError(`--strict belongs to memory audit\nusage: ${USAGE}`, EXIT_USAGE);
  }
  if (subcommand === "audit") {
    if (rest.length > 0) throw new ExitError(`memory audit takes no arguments\nusage: ${USAGE}`, EXIT_USAGE);
    const context = await resolveMemoryContext(io, agentConfigOptions(values), true);
    const { memoryAuditReport } = await import("@mono-agent/memory/tools");
    const { audit, ok, text } = memoryAuditReport(context?.memory, context?.root);
    io.stdout.write(json ? `${JSON.stringify(audit)}\n` : `${text}\n`);
    return values.strict === true && !ok ? EXIT_FAILURE : EXIT_OK;
  }
  if (subcommand !== "search" && values.limit !== undefined) {
    throw new ExitError(`--limit belongs to memory search\nusage: ${USAGE}`, EXIT_USAGE);
  }
  const report = await memoryReport(subcommand, rest, {
    context: () => resolveMemoryContext(io, agentConfigOptions(values)),
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
    context,
    limitText,
    forget,
  }: {
    context: () => Promise<MemoryTierContext>;
    limitText: string | undefined;
    forget: (root: string, phase: string | undefined) => Promise<MemoryReport>;
  },
): Promise<MemoryReport> {
  const root = async () => (await context()).root;
  const tierFailure = (error: unknown): never => {
    if (MemoryError.isInstance(error)) throw new ExitError(`${error.code}: ${error.message}`);
    throw error;
  };
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
      const tier = await context();
      const limit = limitText === undefined ? RECALL_DEFAULT_LIMIT : Number(limitText);
      if (!Number.isInteger(limit) || limit < 1 || limit > RECALL_MAX_LIMIT)
        throw new ExitError(`--limit must be an integer from 1 to ${RECALL_MAX_LIMIT}`, EXIT_USAGE);
      const { memoryTierSearchReport } = await import("@mono-agent/memory/tools");
      return memoryTierSearchReport(tier, rest.join(" "), limit).catch(tierFailure);
    }
    case "rebuild": {
      expectArgs(0, "no arguments");
      const tier = await context();
      const { memoryTierRebuildReport } = await import("@mono-agent/memory/tools");
      return memoryTierRebuildReport(tier).catch(tierFailure);
    }
    case "rollback": {
      expectArgs(0, "no arguments");
      const tier = await context();
      const { memoryRollbackReport } = await import("@mono-agent/memory/tools");
      return memoryRollbackReport(tier).catch(tierFailure);
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
