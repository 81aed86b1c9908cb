import {
  isRunStatus,
  RUN_ID_PATTERN,
  RUN_LIST_MAX_LIMIT,
  RUN_STATUSES,
  type RunEventsRead,
  type RunStatus,
  type RunSummary,
  runsOfConversationQuery,
} from "@mono-agent/run-history";
import { damagedRunStoreMessage, runListReport, runShowReport } from "@mono-agent/run-history/report";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { agentConfigOptions } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { openAgentRunStore } from "./open-agent-run-store.js";

const USAGE =
  "mono-agent runs list [--conversation ID] [--status S] [--limit N] [--json] | runs show <runId> [--events] [--json]  [--config FILE] [--env-file FILE]";

/** Runs `runs list` shows when no --limit is given. */
export const RUNS_LIST_DEFAULT_LIMIT = 20;

const HELP = `usage: ${USAGE}

Shows the runs recorded in <artifacts.dir>/runs.sqlite and their run-<runId>.events.jsonl files, or,
with storage.postgres, the runs of every host in the shared database (tables runs and run_events).

  runs list               recorded runs, newest first
    --conversation ID     only this conversation (all its #YYYY-MM-DD buckets, unless ID names one)
    --status S            only runs with this status: ${RUN_STATUSES.join(", ")}
    --limit N             at most N runs, 1..${RUN_LIST_MAX_LIMIT} (default ${RUNS_LIST_DEFAULT_LIMIT})
  runs show <runId>       one run's summary and the health of its events file
    --events              also print its events (the first and last 250 of a long run)
  --json                  print one JSON object
  --config FILE           the agent's config (default ./mono-agent.config.json)
  --env-file FILE         fill unset variables from a dotenv file (default: .env in the agent folder)
`;

export async function runsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      conversation: { type: "string" },
      status: { type: "string" },
      limit: { type: "string" },
      events: { type: "boolean" },
      json: { type: "boolean" },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  const [action, ...rest] = positionals;
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  if (action !== "list" && action !== "show")
    throw usageError(
      action === undefined ? "say list or show" : `unknown action "${action}"; use list or show`,
      USAGE,
    );
  const storeOptions = agentConfigOptions(values);
  if (action === "list") {
    if (rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
    if (values.events) throw usageError("--events belongs to runs show", USAGE);
    return listRuns(io, { ...values, storeOptions });
  }
  if (rest.length !== 1) throw usageError("runs show takes exactly one run id", USAGE);
  if (values.conversation || values.status || values.limit)
    throw usageError("--conversation, --status and --limit belong to runs list", USAGE);
  return showRun(io, rest[0]!, { events: values.events === true, json: values.json === true, storeOptions });
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return RUNS_LIST_DEFAULT_LIMIT;
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1 || limit > RUN_LIST_MAX_LIMIT)
    throw usageError(`--limit must be a whole number from 1 to ${RUN_LIST_MAX_LIMIT}; got "${text}"`, USAGE);
  return limit;
}

function parseStatus(text: string | undefined): RunStatus | undefined {
  if (text === undefined) return undefined;
  if (!isRunStatus(text))
    throw usageError(`--status must be one of ${RUN_STATUSES.join(", ")}; got "${text}"`, USAGE);
  return text;
}

async function listRuns(
  io: CliIo,
  options: {
    conversation?: string | undefined;
    status?: string | undefined;
    limit?: string | undefined;
    json?: boolean | undefined;
    storeOptions: { config?: string; envFile?: string };
  },
): Promise<number> {
  const limit = parseLimit(options.limit);
  const status = parseStatus(options.status);
  const conversation = options.conversation;
  const query = {
    ...(conversation !== undefined ? runsOfConversationQuery(conversation) : {}),
    ...(status ? { statuses: [status] } : {}),
  };
  const runs = await openAgentRunStore(io, options.storeOptions);
  const format = options.json ? "json" : "text";
  const { store } = runs;
  if (!store) {
    await runs.close();
    io.stdout.write(runListReport(undefined, format));
    return EXIT_OK;
  }
  try {
    const [page, total] = await Promise.all([store.listRuns({ ...query, limit }), store.countRuns(query)]);
    const filtered = Boolean(conversation) || status !== undefined;
    io.stdout.write(runListReport({ runs: page.runs, total, hasMore: page.hasMore, filtered }, format));
    return EXIT_OK;
  } catch (error) {
    throw new ExitError(damagedRunStoreMessage(error, runs), EXIT_FAILURE);
  } finally {
    await runs.close();
  }
}

async function showRun(
  io: CliIo,
  runId: string,
  options: { events: boolean; json: boolean; storeOptions: { config?: string; envFile?: string } },
): Promise<number> {
  if (!RUN_ID_PATTERN.test(runId))
    throw usageError(
      `"${runId.slice(0, 80)}" is not a run id: 1 to 200 letters, digits, ".", "_" or "-", starting with a letter or digit`,
      USAGE,
    );
  const runs = await openAgentRunStore(io, options.storeOptions);
  let run: RunSummary | undefined;
  let read: RunEventsRead | undefined;
  try {
    run = await runs.store?.getRun(runId);
    if (run) read = await runs.readEvents(runId);
  } catch (error) {
    throw new ExitError(damagedRunStoreMessage(error, runs), EXIT_FAILURE);
  } finally {
    await runs.close();
  }
  if (!run || !read)
    throw new ExitError(
      `no run ${runId} is recorded; \`mono-agent runs list\` shows the runs there are`,
      EXIT_FAILURE,
    );
  const report = runShowReport(run, read, { events: options.events, format: options.json ? "json" : "text" });
  io.stdout.write(report.output);
  if (report.damage) io.stderr.write(`mono-agent runs: ${report.damage}\n`);
  return EXIT_OK;
}
