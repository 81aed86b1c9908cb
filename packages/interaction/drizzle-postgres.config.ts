import { defineConfig } from "drizzle-kit";

/**
 * drizzle-kit settings of the interaction store on PostgreSQL:
 * `pnpm exec drizzle-kit generate --config drizzle-postgres.config.ts` writes its migrations to ./drizzle-postgres.
 */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/postgres/interaction-schema-postgres.ts",
  out: "./drizzle-postgres",
});
