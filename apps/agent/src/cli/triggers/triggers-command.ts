import { resolve } from "node:path";
import { renderTable, terminalSafeJson } from "@mono-agent/evidence";
import {
  describeTriggerRun,
  describeTriggers,
  findTrigger,
  TRIGGER_TABLE_HEADER,
  triggerTableRow,
} from "@mono-agent/triggers/declared";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, usageError } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { startFailureMessage } from "../start-failure-message.js";
import { DEFAULT_CONFIG_FILE } from "../validate/validate-command.js";

const USAGE =
  "mono-agent triggers list [--json] | triggers run <name> [--body TEXT] [--json]  [--config FILE] [--env-file FILE]";

/** Largest --body accepted, in characters: the webhook body cap's upper limit (1 MiB). */
export const TRIGGER_RUN_BODY_MAX_CHARACTERS = 1_048_576;

const HELP = `usage: ${USAGE}

The config's triggers (triggers.schedules, triggers.webhooks; docs/triggers.md).

  triggers list           every trigger: when it fires (next time, or its webhook URL), where its answer
                          goes, whether it runs isolated, and what keeps it from running
  triggers run <name>     run one trigger now, once (its last fire time is not changed); a webhook
                          trigger gets --body TEXT as its body (default {}). A trigger delivering into a
                          new web thread runs only under serve.
  --json                  print one JSON object
  --config FILE           the agent's config (default ./${DEFAULT_CONFIG_FILE})
  --env-file FILE         fill unset variables from a dotenv file (default: .env in the agent folder)

Schedules and webhooks run by themselves under \`mono-agent serve\`.
`;

export async function triggersCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      json: { type: "boolean" },
      body: { type: "string" },
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
  if (action !== "list" && action !== "run")
    throw usageError(
      action === undefined ? "say list or run" : `unknown action "${action}"; use list or run`,
      USAGE,
    );
  const configOptions = {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  };
  if (action === "list") {
    if (rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
    if (values.body !== undefined) throw usageError("--body belongs to triggers run", USAGE);
    const { loaded, env } = await loadAgentConfigAndEnv(io, configOptions);
    const views = describeTriggers(loaded, env);
    if (values.json) io.stdout.write(`${terminalSafeJson({ triggers: views, count: views.length })}\n`);
    else if (views.length === 0)
      io.stdout.write(
        "No triggers declared; add triggers.schedules or triggers.webhooks (docs/triggers.md).\n",
      );
    else io.stdout.write(renderTable(TRIGGER_TABLE_HEADER, views.map(triggerTableRow)));
    return EXIT_OK;
  }
  if (rest.length !== 1) throw usageError("triggers run takes exactly one trigger name", USAGE);
  const name = rest[0] as string;
  if (values.body !== undefined && values.body.length > TRIGGER_RUN_BODY_MAX_CHARACTERS)
    throw usageError(`--body is over ${TRIGGER_RUN_BODY_MAX_CHARACTERS} characters`, USAGE);
  const { loaded, env } = await loadAgentConfigAndEnv(io, configOptions);
  const trigger = findTrigger(loaded, name);
  if (trigger === undefined)
    throw usageError(
      `no trigger named "${name}"; \`mono-agent triggers list\` shows the declared ones`,
      USAGE,
    );
  if (values.body !== undefined && trigger.kind !== "webhook")
    throw usageError(`--body is for webhook triggers; "${name}" is a schedule`, USAGE);
  const { startMonoAgentApp } = await import("../../app/start-mono-agent-app.js");
  const app = await startMonoAgentApp({
    configPath: resolve(io.cwd, values.config ?? DEFAULT_CONFIG_FILE),
    env,
    cwd: io.cwd,
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  }).catch((error: unknown) => {
    throw new ExitError(
      `${startFailureMessage(error)}\nrun \`mono-agent validate\` for every problem at once`,
      EXIT_FAILURE,
    );
  });
  const { runTrigger } = await import("@mono-agent/triggers/declared");
  try {
    const outcome = await runTrigger({
      app,
      trigger,
      ...(trigger.kind === "webhook" ? { webhookBody: values.body ?? "{}" } : {}),
    });
    if (values.json) io.stdout.write(`${terminalSafeJson(outcome)}\n`);
    else io.stdout.write(describeTriggerRun(outcome));
    return outcome.status === "succeeded" ? EXIT_OK : EXIT_FAILURE;
  } catch (error) {
    throw new ExitError(error instanceof Error ? error.message : String(error), EXIT_FAILURE);
  } finally {
    await app.close();
  }
}
