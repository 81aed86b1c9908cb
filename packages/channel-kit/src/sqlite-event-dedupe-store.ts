import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { ChannelError } from "./channel-error.js";
import type { EventDedupeStore } from "./event-dedupe-store.js";

/**
 * How long an event key is remembered, in ms: 24 h. Slack retries an unacknowledged event 3 times within
 * about an hour; Telegram keeps undelivered updates for 24 hours. Both are inside it.
 */
export const EVENT_DEDUPE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Options of {@link createSqliteEventDedupeStore}. */
export interface SqliteEventDedupeStoreOptions {
  /** The database file (created 0600 with its folder). */
  file: string;
  /** Clock in ms (tests inject one). */
  now?: () => number;
}

/**
 * The event dedupe store in one SQLite file (WAL). `firstSeen` is one `INSERT OR IGNORE`, so two processes
 * on one file, or a retry racing the original, take an event once. Keys older than
 * {@link EVENT_DEDUPE_RETENTION_MS} are pruned as new ones arrive.
 */
export function createSqliteEventDedupeStore(options: SqliteEventDedupeStoreOptions): EventDedupeStore {
  const now = options.now ?? Date.now;
  let sqlite: Database.Database;
  try {
    mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 });
    sqlite = new Database(options.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.exec(
      "CREATE TABLE IF NOT EXISTS channel_events (event_key TEXT PRIMARY KEY, seen_at_ms INTEGER NOT NULL) WITHOUT ROWID",
    );
    sqlite.exec("CREATE INDEX IF NOT EXISTS channel_events_seen ON channel_events (seen_at_ms)");
  } catch (error) {
    throw new ChannelError(
      "dedupe_store_failed",
      `the channel event store ${options.file} could not be opened`,
      {
        cause: error,
      },
    );
  }
  const insert = sqlite.prepare("INSERT OR IGNORE INTO channel_events (event_key, seen_at_ms) VALUES (?, ?)");
  const prune = sqlite.prepare("DELETE FROM channel_events WHERE seen_at_ms < ?");
  return {
    async firstSeen(eventKey) {
      try {
        const at = now();
        const inserted = insert.run(eventKey, at).changes === 1;
        if (inserted) prune.run(at - EVENT_DEDUPE_RETENTION_MS);
        return inserted;
      } catch (error) {
        throw new ChannelError("dedupe_store_failed", "the channel event store could not record an event", {
          cause: error,
        });
      }
    },
    async close() {
      if (sqlite.open) sqlite.close();
    },
  };
}
