import { defineConfig } from "drizzle-kit";

/** drizzle-kit settings: `pnpm exec drizzle-kit generate` writes migrations for the web thread store to ./drizzle. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/node/web-thread-schema.ts",
  out: "./drizzle",
});
