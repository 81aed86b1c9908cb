import { defineConfig } from "drizzle-kit";

/** drizzle-kit settings: `pnpm exec drizzle-kit generate` writes migrations for the conversation store to ./drizzle. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/conversations/conversation-schema.ts",
  out: "./drizzle",
});
