import { fileURLToPath } from "node:url";
import type { PostgresMigrations } from "@mono-agent/storage/postgres";

/** The web console's PostgreSQL migrations (threads, turns, tool calls, large event payloads). */
export const WEB_CONSOLE_POSTGRES_MIGRATIONS: PostgresMigrations = {
  store: "web_console",
  migrationsFolder: fileURLToPath(new URL("../../../drizzle-postgres", import.meta.url)),
};
