import { StorageError } from "./storage-error.js";

/**
 * Accepted PostgreSQL schema names: lower-case letters, digits and `_`, not starting with a digit, at most
 * 63 bytes (PostgreSQL's NAMEDATALEN - 1). Unquoted, such a name means the same in every statement.
 */
export const POSTGRES_SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;

/** The schema mono-agent's tables live in when `storage.postgres.schema` is not set. */
export const DEFAULT_POSTGRES_SCHEMA = "mono_agent";

/** Throws `invalid_options` unless `schema` matches {@link POSTGRES_SCHEMA_NAME_PATTERN}. */
export function assertPostgresSchemaName(schema: string): void {
  if (!POSTGRES_SCHEMA_NAME_PATTERN.test(schema) || schema.startsWith("pg_"))
    throw new StorageError(
      "invalid_options",
      `schema ${JSON.stringify(schema)} is not accepted: use lower-case letters, digits and _ (not starting with a digit or pg_), at most 63 characters, e.g. "mono_agent".`,
    );
}
