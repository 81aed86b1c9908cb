import type { LoadedConfig } from "@mono-agent/config";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/**
 * Where the stores live. Without `storage.postgres`: SQLite files (ok, nothing to check here). With it:
 * the URL's variable is set, the database answers (`--connect` only: validate opens no connection
 * otherwise) and each store's migrations are current. Lists what every host shares (conversations, run
 * records, SessionHistory, continuations, web threads, asks and approvals, channel dedupe) and says that memory stays
 * file-based and per host.
 */
export async function storageSection(
  loaded: LoadedConfig | undefined,
  env: Readonly<Record<string, string | undefined>>,
  options: { connect: boolean },
): Promise<CheckSection> {
  const lines: CheckLine[] = [];
  if (!loaded)
    return section("storage", "Storage", [
      { status: "disabled", message: "Storage cannot be checked until the config loads." },
    ]);
  let settings: ReturnType<typeof postgresStorageSettings>;
  try {
    settings = postgresStorageSettings(loaded, env);
  } catch (error) {
    lines.push({
      status: "error",
      code: "storage_url_unset",
      jsonPath: "storage.postgres.url",
      message: error instanceof Error ? error.message : String(error),
    });
    return section("storage", "Storage", lines);
  }
  if (settings === undefined) {
    lines.push({
      status: "ok",
      message: "SQLite files beside the agent (one host; storage.postgres shares them).",
    });
    return section("storage", "Storage", lines);
  }
  // pg and the stores' PostgreSQL schemas are loaded only for a config that has storage.postgres.
  const [{ postgresMigrationStatus }, { openAgentPostgresPool, POSTGRES_STORES }] = await Promise.all([
    import("@mono-agent/storage/postgres"),
    import("../../storage/agent-storage-postgres.js"),
  ]);
  let postgres: PostgresPool | undefined;
  try {
    postgres = openAgentPostgresPool(settings);
    lines.push({
      status: "ok",
      message: `PostgreSQL ${postgres.displayUrl}, schema ${postgres.schema}: conversations, continuations, web threads, asks and tool approvals, and channel event dedupe are shared by every host; runs of one conversation serialize across hosts; continuation records are leased, so each is delivered once by one host.`,
    });
    lines.push({
      status: "ok",
      code: "storage_shared_run_store",
      message: `Run records: the shared run store (tables runs, run_events in schema ${postgres.schema}) holds the runs of every host with their events; RunHistory, \`mono-agent runs\` and the web console's Runs view read it, not <artifacts.dir>/runs.sqlite. SessionHistory records are shared too.`,
    });
    if (options.connect) {
      for (const store of await postgresMigrationStatus(postgres, POSTGRES_STORES))
        lines.push(
          store.pending === 0
            ? { status: "ok", message: `${store.store}: schema current (${store.applied} migrations).` }
            : {
                status: "warning",
                code: "storage_migrations_pending",
                message: `${store.store}: ${store.pending} migrations pending (a host applies them on start)`,
                suggestion: "run `mono-agent storage migrate` before starting several hosts of a new version",
              },
        );
    }
  } catch (error) {
    lines.push({
      status: "error",
      code: "storage_unreachable",
      jsonPath: "storage.postgres",
      message: error instanceof Error ? error.message : String(error),
      suggestion:
        "check storage.postgres.url (postgres://user:password@host:5432/database) and that the server runs",
    });
  } finally {
    await postgres?.close();
  }
  lines.push({
    status: "warning",
    code: "storage_per_host_parts",
    message:
      "Memory stays file-based and per host with storage.postgres in this version (each host has its own memory folder; nothing is shared); see docs/scaling.md.",
  });
  return section("storage", "Storage", lines);
}
