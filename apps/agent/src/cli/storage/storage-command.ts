import { storageStatusReport } from "@mono-agent/storage";
import { migratePostgres, postgresMigrationStatus } from "@mono-agent/storage/postgres";
import { postgresStorageSettings } from "../../storage/agent-storage.js";
import { openAgentPostgresPool, POSTGRES_STORES } from "../../storage/agent-storage-postgres.js";
import type { CliIo } from "../cli-io.js";
import { EXIT_OK, failOnError, failureOf, usageError } from "../exit-error.js";
import { agentConfigOptions, loadAgentConfigAndEnv } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";

const USAGE = "mono-agent storage status | storage migrate  [--json] [--config FILE] [--env-file FILE]";

const HELP = `usage: ${USAGE}

Where the agent's shared stores live and whether their schema is current. Without storage.postgres in the
config every store is a SQLite file beside the agent (migrated on open; nothing to do here).

  storage status     the database (password hidden), its schema, and each store's applied and pending migrations
  storage migrate    apply the pending migrations (hosts also apply them on start, one at a time under an
                     advisory lock); run it before rolling out a new version to several hosts
  --json             print one JSON object
  --config FILE      the agent's config (default ./mono-agent.config.json)
  --env-file FILE    fill unset variables from a dotenv file (default: .env in the agent folder)

Conversations, continuations, channel event dedupe and SessionHistory are shared; memory, run records and
web threads stay on each host (docs/scaling.md says what is shared and what is not).
`;

export async function storageCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
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
  if (action !== "status" && action !== "migrate")
    throw usageError(
      action === undefined ? "say status or migrate" : `unknown action "${action}"; use status or migrate`,
      USAGE,
    );
  if (rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
  const { loaded, env } = await loadAgentConfigAndEnv(io, agentConfigOptions(values));
  const print = (report: ReturnType<typeof storageStatusReport>) => {
    io.stdout.write(values.json ? `${JSON.stringify(report.json)}\n` : report.text);
    return EXIT_OK;
  };
  const settings = failOnError(() => postgresStorageSettings(loaded, env));
  if (settings === undefined) return print(storageStatusReport());
  const postgres = failOnError(() => openAgentPostgresPool(settings));
  try {
    if (action === "migrate") await migratePostgres(postgres, POSTGRES_STORES);
    const stores = await postgresMigrationStatus(postgres, POSTGRES_STORES);
    return print(storageStatusReport({ displayUrl: postgres.displayUrl, schema: postgres.schema, stores }));
  } catch (error) {
    throw failureOf(error);
  } finally {
    await postgres.close();
  }
}
