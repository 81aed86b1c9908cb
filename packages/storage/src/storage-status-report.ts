/** Applied and pending migrations of one shared store (what `postgresMigrationStatus` returns per store). */
interface StoreMigrationCounts {
  store: string;
  applied: number;
  pending: number;
}

/** What `mono-agent storage status` and `migrate` print: `text` (newline-terminated lines) and the `--json` object. */
export interface StorageStatusReport {
  text: string;
  json: Record<string, unknown>;
}

/**
 * Where the agent's stores live: SQLite files beside the agent (no `postgres`), or the shared PostgreSQL
 * database (`displayUrl` with its password hidden) and each store's applied and pending migrations, with
 * the stores that stay on each host.
 */
export function storageStatusReport(postgres?: {
  displayUrl: string;
  schema: string;
  stores: readonly StoreMigrationCounts[];
}): StorageStatusReport {
  if (postgres === undefined)
    return {
      text: "Stores: SQLite files beside the agent (no storage.postgres in the config); each is migrated when it is opened.\n",
      json: { engine: "sqlite", stores: [] },
    };
  const { displayUrl, schema, stores } = postgres;
  const lines = [
    `Stores: PostgreSQL ${displayUrl}, schema ${schema}`,
    ...stores.map(
      (store) =>
        `  ${store.store.padEnd(16)} ${store.applied} applied, ${store.pending} pending${store.pending > 0 ? " (run `mono-agent storage migrate`)" : ""}`,
    ),
    "  memory           files on each host (not shared)",
    "  run records      SQLite on each host (not shared; so are web threads)",
  ];
  return { text: `${lines.join("\n")}\n`, json: { engine: "postgres", url: displayUrl, schema, stores } };
}
