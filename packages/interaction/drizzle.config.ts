import { defineConfig } from "drizzle-kit";

/** drizzle-kit settings: `pnpm exec drizzle-kit generate` writes migrations for the interaction store to ./drizzle. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/sqlite/interaction-schema.ts",
  out: "./drizzle",
});
