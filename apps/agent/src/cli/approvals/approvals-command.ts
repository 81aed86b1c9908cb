import { existsSync } from "node:fs";
import { renderTable } from "@mono-agent/evidence";
import type { InteractionStore } from "@mono-agent/interaction";
import { interactionStoreFile } from "@mono-agent/interaction/host";
import { createSqliteInteractionStore } from "@mono-agent/interaction/sqlite";
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
  let store: InteractionStore;
  try {
    const settings = postgresStorageSettings(loaded, env);
    if (settings !== undefined) {
      // PostgreSQL (pg and the shared stores) is loaded only when storage.postgres is on.
      const { openSharedInteractionStore } = await import("../../storage/agent-storage-postgres.js");
      store = openSharedInteractionStore(settings);
    } else {
      const file = interactionStoreFile(loaded);
      if (!existsSync(file)) {
        if (action === "revoke")
          throw new ExitError(`no approval ${JSON.stringify(rest[0])}: none recorded yet`, EXIT_FAILURE);
        io.stdout.write(
          values.json ? `${JSON.stringify({ approvals: [], count: 0 })}\n` : "No approvals recorded yet.\n",
        );
        return EXIT_OK;
      }
      store = createSqliteInteractionStore({ file });
    }
  } catch (error) {
    if (error instanceof ExitError) throw error;
    throw failureOf(error);
  }
  try {
    if (action === "revoke") {
      const approvalId = rest[0] as string;
      if (!store.revokeApproval(approvalId, Date.now()))
        throw new ExitError(
          `no live approval ${JSON.stringify(approvalId)}: it does not exist or is already revoked (see mono-agent approvals list)`,
          EXIT_FAILURE,
        );
      io.stdout.write(
        values.json ? `${JSON.stringify({ revoked: approvalId })}\n` : `Revoked ${approvalId}.\n`,
      );
      return EXIT_OK;
    }
    const approvals = store.listApprovals(limit);
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ approvals, count: approvals.length })}\n`);
      return EXIT_OK;
    }
    if (approvals.length === 0) {
      io.stdout.write("No approvals recorded yet.\n");
      return EXIT_OK;
    }
    io.stdout.write(
      renderTable(
        ["id", "tool", "decision", "scope", "conversation", "answered by", "when", "revoked"],
        approvals.map((record) => [
          record.approvalId,
          record.toolName,
          record.decision,
          record.scope,
          record.conversationId,
          record.answeredBy.displayName ?? record.answeredBy.userId ?? record.answeredBy.channel,
          new Date(record.answeredAt).toISOString(),
          record.revokedAt === undefined ? "" : new Date(record.revokedAt).toISOString(),
        ]),
      ),
    );
    return EXIT_OK;
  } finally {
    store.close();
  }
}
