import { ContinuationError, OPERATOR_PAGE_MAX } from "@mono-agent/continuations";
import {
  type ContinuationOperatorAction,
  continuationActionReport,
  continuationsHealthReport,
  continuationsListReport,
  parseDeliveryResolutionWords,
} from "@mono-agent/continuations/node";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { agentConfigOptions } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { openAgentContinuationStore } from "./open-agent-continuation-store.js";

const USAGE =
  "mono-agent continuations health | list [--limit N] [--cursor C] | retry <id> [--allow-unknown] | cancel <id> | resolve <id> delivered <deliveryId>|not-delivered|dead-lettered  [--json] [--config FILE] [--env-file FILE]";

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
  const resolution = action === "resolve" ? parseDeliveryResolutionWords(rest) : undefined;
  if (action === "resolve" && resolution === undefined)
    throw usageError("resolve takes: delivered <deliveryId>, not-delivered or dead-lettered", USAGE);
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
  if (!store && action !== "health" && action !== "list")
    throw new ExitError(`no continuation store in ${stateDir}; there is no continuation ${id}`, EXIT_FAILURE);
  try {
    const continuationId = id as string;
    const report =
      action === "health"
        ? continuationsHealthReport(store, { stateDir, retention })
        : action === "list"
          ? continuationsListReport(store, { stateDir, limit, cursor: values.cursor })
          : continuationActionReport(
              store as NonNullable<typeof store>,
              (action === "resolve"
                ? { kind: action, continuationId, resolution }
                : action === "retry"
                  ? { kind: action, continuationId, allowUnknown: values["allow-unknown"] === true }
                  : { kind: "cancel", continuationId }) as ContinuationOperatorAction,
            );
    io.stdout.write(values.json ? `${JSON.stringify(report.json)}\n` : report.text);
    return report.unhealthy ? EXIT_FAILURE : EXIT_OK;
  } catch (error) {
    if (ContinuationError.isInstance(error))
      throw new ExitError(`${error.message} [${error.code}]`, EXIT_FAILURE);
    throw error;
  } finally {
    store?.close();
  }
}
