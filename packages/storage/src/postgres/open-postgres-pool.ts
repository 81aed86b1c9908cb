import pg from "pg";
import { assertPostgresSchemaName, DEFAULT_POSTGRES_SCHEMA } from "../postgres-schema-name.js";
import { redactPostgresUrl } from "../redact-postgres-url.js";
import { StorageError } from "../storage-error.js";

/**
 * Connections one pool of a host opens at most. A store statement is short (one row or one small
 * transaction), so 10 connections serve a host's runs; Postgres' default max_connections (100) then
 * leaves room for several hosts.
 */
export const POSTGRES_POOL_MAX_DEFAULT = 10;

/** How long opening a connection may take before the pool gives up (a host down or a wrong port). */
export const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;

/** Options of {@link openPostgresPool}. */
export interface OpenPostgresPoolOptions {
  /** `postgres://user:password@host:port/database` (libpq URL form; `?sslmode=` and the like are honoured). */
  url: string;
  /** The schema every table lives in (created by the migrations); default {@link DEFAULT_POSTGRES_SCHEMA}. */
  schema?: string;
  /** Most connections; default {@link POSTGRES_POOL_MAX_DEFAULT}. */
  max?: number;
  /** Shown in `pg_stat_activity` (e.g. `mono-agent serve`). */
  applicationName?: string;
}

/** A pool whose connections resolve unqualified table names in one schema. */
export interface PostgresPool {
  readonly pool: pg.Pool;
  readonly schema: string;
  /** The URL with its password hidden, for messages. */
  readonly displayUrl: string;
  close(): Promise<void>;
}

/**
 * Opens a connection pool for the stores (nothing is connected until the first query). Each connection's
 * `search_path` is the schema, so the stores' unqualified SQL lands there. Throws `invalid_options` for a
 * URL that is not a postgres:// URL or a schema name that is not accepted.
 */
export function openPostgresPool(options: OpenPostgresPoolOptions): PostgresPool {
  const schema = options.schema ?? DEFAULT_POSTGRES_SCHEMA;
  assertPostgresSchemaName(schema);
  let protocol: string;
  try {
    protocol = new URL(options.url).protocol;
  } catch {
    protocol = "";
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:")
    throw new StorageError(
      "invalid_options",
      `the PostgreSQL url ${redactPostgresUrl(options.url)} is not accepted: use postgres://user:password@host:5432/database.`,
    );
  const max = options.max ?? POSTGRES_POOL_MAX_DEFAULT;
  if (!Number.isSafeInteger(max) || max < 1)
    throw new StorageError(
      "invalid_options",
      `max must be an integer of at least 1; received ${String(max)}.`,
    );
  const pool = new pg.Pool({
    connectionString: options.url,
    max,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    options: `-c search_path=${schema}`,
    ...(options.applicationName !== undefined ? { application_name: options.applicationName } : {}),
  });
  // An idle connection that the server drops (restart, failover) emits here; the pool replaces it.
  pool.on("error", () => {});
  let closing: Promise<void> | undefined;
  return {
    pool,
    schema,
    displayUrl: redactPostgresUrl(options.url),
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
