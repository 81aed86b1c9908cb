import { defineConfig } from "drizzle-kit";

/** drizzle-kit settings: `pnpm exec drizzle-kit generate` writes the continuation store's migrations to ./drizzle. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/node/continuation-store-schema.ts",
  out: "./drizzle",
});
