import type { CheckLine } from "@mono-agent/config";
import type { PostgresMigrations, PostgresPool } from "../postgres.js";

/** What the host passes the storage check: how it resolves `storage.postgres` and opens its stores. */
export interface StorageCheckOptions<Settings> {
  /**
   * `storage.postgres` as the host resolves it: undefined for SQLite files; throws, with a message naming
   * the variable, when the URL's variable is unset.
   */
  resolveSettings: () => Settings | undefined;
  /** Loads the host's pool opener and the stores it migrates; called only with `storage.postgres`. */
  loadPostgres: () => Promise<{
    openPool: (settings: Settings) => PostgresPool;
    stores: readonly PostgresMigrations[];
  }>;
  /** Also connect and report each store's pending migrations (`validate --connect`). */
  connect: boolean;
}

/**
 * The Storage findings of `mono-agent validate`: where the stores live. Without `storage.postgres`: SQLite
 * files (ok, nothing to check). With it: the URL's variable is set, the database answers (`connect` only;
 * no connection is opened otherwise) and each store's migrations are current. Lists what every host shares
 * (conversations, run records, SessionHistory, continuations, web threads, asks and approvals, channel
 * dedupe) and says that memory stays file-based and per host.
 */
export async function checkStorageConfig<Settings>(
  options: StorageCheckOptions<Settings>,
): Promise<CheckLine[]> {
  const lines: CheckLine[] = [];
  let settings: Settings | undefined;
  try {
    settings = options.resolveSettings();
  } catch (error) {
    lines.push({
      status: "error",
      code: "storage_url_unset",
      jsonPath: "storage.postgres.url",
      message: error instanceof Error ? error.message : String(error),
    });
    return lines;
  }
  if (settings === undefined) {
    lines.push({
      status: "ok",
      message: "SQLite files beside the agent (one host; storage.postgres shares them).",
    });
    return lines;
  }
  // pg and the stores' PostgreSQL schemas are loaded only for a config that has storage.postgres.
  const [{ postgresMigrationStatus }, { openPool, stores }] = await Promise.all([
    import("../postgres.js"),
    options.loadPostgres(),
  ]);
  let postgres: PostgresPool | undefined;
  try {
    postgres = openPool(settings);
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
      for (const store of await postgresMigrationStatus(postgres, stores))
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
  return lines;
}
