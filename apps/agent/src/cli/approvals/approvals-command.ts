import type { InteractionStore } from "@mono-agent/interaction";
import { approvalsListReport, openSqliteApprovals, revokeApprovalReport } from "@mono-agent/interaction/host";
import { postgresStorageSettings } from "../../storage/agent-storage.js";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, failureOf, usageError } from "../exit-error.js";
import { agentConfigOptions, loadAgentConfigAndEnv } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";

const USAGE =
  "mono-agent approvals list [--limit N] [--json] | approvals revoke <approvalId> [--json]  [--config FILE] [--env-file FILE]";

/** Records `approvals list` shows when no --limit is given. */
export const APPROVALS_LIST_DEFAULT_LIMIT = 50;
/** Largest --limit: a screenful of screens, never the whole store at once. */
export const APPROVALS_LIST_MAX_LIMIT = 1_000;

const HELP = `usage: ${USAGE}

Tool approvals people gave or refused (tools.approval), from .mono-agent/interaction.sqlite, or from
PostgreSQL with storage.postgres (shared by every host); no model is loaded.

  approvals list               newest first: id, tool, decision, scope (once, run, conversation, always),
                               conversation, who answered, when, and whether it was revoked
    --limit N                  at most N, 1..${APPROVALS_LIST_MAX_LIMIT} (default ${APPROVALS_LIST_DEFAULT_LIMIT})
  approvals revoke <id>        a revoked grant covers no later call: the next one asks again
  --json                       print one JSON object
  --config FILE                the agent's config (default ./mono-agent.config.json)
  --env-file FILE              fill unset variables from a dotenv file (default: .env in the agent folder)
`;

export async function approvalsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      limit: { type: "string" },
      json: { type: "boolean" },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  if (action !== "list" && action !== "revoke")
    throw usageError(
      action === undefined ? "say list or revoke" : `unknown action "${action}"; use list or revoke`,
      USAGE,
    );
  if (action === "list" && rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
  if (action === "revoke" && rest.length !== 1)
    throw usageError("approvals revoke takes exactly one approval id", USAGE);
  const limit = values.limit === undefined ? APPROVALS_LIST_DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > APPROVALS_LIST_MAX_LIMIT)
    throw usageError(
      `--limit must be a whole number from 1 to ${APPROVALS_LIST_MAX_LIMIT}; got "${values.limit}"`,
      USAGE,
    );
  const { loaded, env } = await loadAgentConfigAndEnv(io, agentConfigOptions(values));
  const format = values.json ? "json" : "text";
  let store: InteractionStore | undefined;
  try {
    const settings = postgresStorageSettings(loaded, env);
    if (settings !== undefined) {
      // PostgreSQL (pg and the shared stores) is loaded only when storage.postgres is on.
      const { openSharedInteractionStore } = await import("../../storage/agent-storage-postgres.js");
      store = openSharedInteractionStore(settings);
    } else store = openSqliteApprovals(loaded);
  } catch (error) {
    throw failureOf(error);
  }
  try {
    if (action === "revoke") {
      const revoked = revokeApprovalReport(store, rest[0] as string, format, Date.now());
      if ("problem" in revoked) throw new ExitError(revoked.problem, EXIT_FAILURE);
      io.stdout.write(revoked.output);
    } else io.stdout.write(approvalsListReport(store?.listApprovals(limit), format));
    return EXIT_OK;
  } finally {
    store?.close();
  }
}
