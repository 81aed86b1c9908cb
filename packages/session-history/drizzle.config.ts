import { defineConfig } from "drizzle-kit";

/** drizzle-kit settings: `pnpm exec drizzle-kit generate` writes the sidecar's migrations to ./drizzle. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/sqlite/tool-history-schema.ts",
  out: "./drizzle",
});
