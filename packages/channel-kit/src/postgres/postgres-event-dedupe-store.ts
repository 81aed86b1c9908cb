import { fileURLToPath } from "node:url";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import { ChannelError } from "../channel-error.js";
import type { EventDedupeStore } from "../event-dedupe-store.js";
import { EVENT_DEDUPE_RETENTION_MS } from "../sqlite-event-dedupe-store.js";

/** The event dedupe store's PostgreSQL migrations (drizzle-kit output beside dist/). */
export const CHANNEL_EVENT_POSTGRES_MIGRATIONS = {
  store: "channel_events",
  migrationsFolder: fileURLToPath(new URL("../../drizzle-postgres", import.meta.url)),
} as const;

/** Options of {@link createPostgresEventDedupeStore}. */
export interface PostgresEventDedupeStoreOptions {
  /** A pool whose schema has {@link CHANNEL_EVENT_POSTGRES_MIGRATIONS} applied; it stays the caller's. */
  postgres: PostgresPool;
  /** Clock in ms (tests inject one). */
  now?: () => number;
}

/**
 * The event dedupe store in PostgreSQL, shared by every host: `firstSeen` is one
 * `INSERT … ON CONFLICT DO NOTHING`, so an event (or a platform's retry of it) reaching two hosts at once
 * is taken by one. Keys older than {@link EVENT_DEDUPE_RETENTION_MS} are pruned as new ones arrive.
 */
export function createPostgresEventDedupeStore(options: PostgresEventDedupeStoreOptions): EventDedupeStore {
  const now = options.now ?? Date.now;
  const { pool } = options.postgres;
  let closed = false;
  return {
    async firstSeen(eventKey) {
      try {
        if (closed) throw new Error("the store is closed");
        const at = now();
        const inserted =
          (
            await pool.query(
              "INSERT INTO channel_events (event_key, seen_at_ms) VALUES ($1, $2) ON CONFLICT (event_key) DO NOTHING",
              [eventKey, at],
            )
          ).rowCount === 1;
        if (inserted)
          await pool.query("DELETE FROM channel_events WHERE seen_at_ms < $1", [
            at - EVENT_DEDUPE_RETENTION_MS,
          ]);
        return inserted;
      } catch (error) {
        throw new ChannelError(
          "dedupe_store_failed",
          `the channel event store in ${options.postgres.displayUrl} (schema ${options.postgres.schema}) could not record an event`,
          { cause: error },
        );
      }
    },
    async close() {
      closed = true;
    },
  };
}
