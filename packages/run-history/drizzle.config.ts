import { defineConfig } from "drizzle-kit";

/** drizzle-kit settings: `pnpm exec drizzle-kit generate` writes the run store's migrations to ./drizzle. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/sqlite/run-store-schema.ts",
  out: "./drizzle",
});
