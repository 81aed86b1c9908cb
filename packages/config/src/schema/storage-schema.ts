import * as z from "zod";
import { configValueSchema } from "./env-reference-schema.js";

/**
 * Accepted `storage.postgres.schema` names: lower-case letters, digits and `_`, not starting with a digit,
 * at most 63 characters (PostgreSQL's identifier length), so the name means the same unquoted everywhere.
 */
export const POSTGRES_SCHEMA_PATTERN = /^(?!pg_)[a-z_][a-z0-9_]{0,62}$/;

/** Bounds of `storage.postgres.poolMax`: Postgres' default max_connections is 100 for every host together. */
export const POSTGRES_POOL_MAX = { default: 10, limit: 100 } as const;

export const postgresStorageSchema = z
  .strictObject({
    url: configValueSchema.describe(
      'Connection URL, postgres://user:password@host:5432/database. Keep the password out of the file: { "$env": "DATABASE_URL" }.',
    ),
    schema: z
      .string()
      .regex(POSTGRES_SCHEMA_PATTERN, {
        error:
          'expected lower-case letters, digits and _ (not starting with a digit or pg_), e.g. "mono_agent"',
      })
      .default("mono_agent")
      .describe('Schema the tables live in (created by `mono-agent storage migrate`). Default "mono_agent".'),
    poolMax: z
      .number()
      .int()
      .min(1)
      .max(POSTGRES_POOL_MAX.limit)
      .default(POSTGRES_POOL_MAX.default)
      .describe("Most connections one host opens for the stores (1..100). Default 10."),
  })
  .describe(
    "Shared PostgreSQL for the stores several hosts share (conversations; see docs/scaling.md for what moves). Memory stays per host.",
  );

export const storageSchema = z
  .strictObject({
    postgres: postgresStorageSchema.optional(),
  })
  .describe(
    "Where the stores live: SQLite files beside the agent (default, no server) or a shared PostgreSQL.",
  );
