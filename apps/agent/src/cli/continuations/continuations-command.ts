import {
  CONTINUATION_STATES,
  ContinuationError,
  type ContinuationRecord,
  continuationHealth,
  OPERATOR_PAGE_MAX,
} from "@mono-agent/continuations";
import { retentionSweepLine } from "@mono-agent/continuations/check";
import {
  cancelContinuation,
  type DeliveryResolution,
  readContinuationHealth,
  resolveContinuationDelivery,
  retryContinuation,
} from "@mono-agent/continuations/node";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { agentConfigOptions } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { openAgentContinuationStore } from "./open-agent-continuation-store.js";

const USAGE =
  "mono-agent continuations health | list [--limit N] [--cursor C] | retry <id> [--allow-unknown] | cancel <id> | resolve <id> delivered <deliveryId>|not-delivered|dead-lettered  [--json] [--config FILE] [--env-file FILE]";

/** Records `continuations list` shows when no --limit is given. */
export const CONTINUATIONS_LIST_DEFAULT_LIMIT = 50;

const HELP = `usage: ${USAGE}

Operates on the durable continuation store (<continuations.stateDir>/continuations.sqlite) directly;
the service may be running.

  health                   healthy, degraded or unhealthy, with counts by state, and the last
                           retention sweep (when it ran, what it removed, or why it failed)
  list                     records, oldest claim first (--limit 1..${OPERATOR_PAGE_MAX}, --cursor from the last page)
  retry <id>               deliver (or synthesize) again: delivery_retry, dead_lettered; delivery_unknown
                           only with --allow-unknown (the result may then arrive twice)
  cancel <id>              stop a record that has not been delivered
  resolve <id> delivered <deliveryId> | not-delivered | dead-lettered
                           settle a delivery_unknown record with what you found in the conversation
  --json                   print one JSON object
`;

function line(record: ContinuationRecord): string {
  const error = record.lastError ? ` (${record.lastError.code})` : "";
  return `${record.continuationId}  ${record.state}${error}  ${record.mode} -> ${record.destinationConversationId ?? "-"}  server ${record.serverName}, task ${record.taskKey}, claimed ${new Date(record.claimedAtMs).toISOString()}\n`;
}

function parseResolution(words: readonly string[]): DeliveryResolution {
  const [kind, deliveryId, ...rest] = words;
  if (rest.length === 0) {
    if (kind === "delivered" && deliveryId) return { kind: "delivered", deliveryId };
    if (kind === "not-delivered" && deliveryId === undefined) return { kind: "not_delivered" };
    if (kind === "dead-lettered" && deliveryId === undefined) return { kind: "dead_lettered" };
  }
  throw usageError("resolve takes: delivered <deliveryId>, not-delivered or dead-lettered", USAGE);
}

export async function continuationsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      limit: { type: "string" },
      cursor: { type: "string" },
      "allow-unknown": { type: "boolean" },
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
  const [action, id, ...rest] = positionals;
  const actions = ["health", "list", "retry", "cancel", "resolve"];
  if (action === undefined || !actions.includes(action))
    throw usageError(
      action === undefined
        ? `say ${actions.join(", ")}`
        : `unknown action "${action}"; use ${actions.join(", ")}`,
      USAGE,
    );
  if ((action === "health" || action === "list") && id !== undefined)
    throw usageError(`unexpected argument "${id}"`, USAGE);
  if (action !== "health" && action !== "list" && id === undefined)
    throw usageError(`${action} needs a continuation id`, USAGE);
  if ((action === "retry" || action === "cancel") && rest.length > 0)
    throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
  const resolution = action === "resolve" ? parseResolution(rest) : undefined;
  let limit: number | undefined;
  if (values.limit !== undefined) {
    limit = Number(values.limit);
    if (!/^\d+$/.test(values.limit) || limit < 1 || limit > OPERATOR_PAGE_MAX)
      throw usageError(
        `--limit must be a whole number from 1 to ${OPERATOR_PAGE_MAX}; got "${values.limit}"`,
        USAGE,
      );
  }
  const { stateDir, retention, store } = await openAgentContinuationStore(io, agentConfigOptions(values));
  const write = (text: string, json: unknown) =>
    io.stdout.write(values.json ? `${JSON.stringify(json)}\n` : text);
  if (!store) {
    if (action === "health" || action === "list") {
      const empty = continuationHealth(
        Object.fromEntries(CONTINUATION_STATES.map((state) => [state, 0])) as never,
      );
      write(
        `No continuation store yet (${stateDir}); nothing to report.\n`,
        action === "health"
          ? { ...empty, retention: { policy: retention, lastSweep: null } }
          : { records: [] },
      );
      return EXIT_OK;
    }
    throw new ExitError(`no continuation store in ${stateDir}; there is no continuation ${id}`, EXIT_FAILURE);
  }
  try {
    if (action === "health") {
      const health = readContinuationHealth(store);
      const lastSweep = store.lastRetentionSweep();
      const counts = Object.entries(health.counts)
        .filter(([, count]) => count > 0)
        .map(([state, count]) => `${state} ${count}`);
      write(
        `Continuations: ${health.status}${health.reasons.length ? ` (${health.reasons.join(", ")})` : ""}\n${counts.length ? counts.join(", ") : "no records"}\n${retentionSweepLine(lastSweep)}\n`,
        { ...health, retention: { policy: retention, lastSweep: lastSweep ?? null } },
      );
      return health.status === "unhealthy" ? EXIT_FAILURE : EXIT_OK;
    }
    if (action === "list") {
      const page = store.list({
        limit: limit ?? CONTINUATIONS_LIST_DEFAULT_LIMIT,
        ...(values.cursor !== undefined ? { cursor: values.cursor } : {}),
      });
      const more = page.nextCursor ? `More: mono-agent continuations list --cursor ${page.nextCursor}\n` : "";
      write(
        page.records.length === 0 ? "No continuations.\n" : `${page.records.map(line).join("")}${more}`,
        page,
      );
      return EXIT_OK;
    }
    const continuationId = id as string;
    const record =
      action === "retry"
        ? retryContinuation(store, continuationId, { allowUnknown: values["allow-unknown"] === true })
        : action === "cancel"
          ? cancelContinuation(store, continuationId)
          : resolveContinuationDelivery(store, continuationId, resolution as DeliveryResolution);
    write(`${continuationId} is now ${record.state}.\n`, { record });
    return EXIT_OK;
  } catch (error) {
    if (ContinuationError.isInstance(error))
      throw new ExitError(`${error.message} [${error.code}]`, EXIT_FAILURE);
    throw error;
  } finally {
    store.close();
  }
}
