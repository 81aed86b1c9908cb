import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";

/** Channel events already taken (Slack event ids, Telegram update ids), shared by every host. */
export const pgChannelEvents = pgTable(
  "channel_events",
  {
    eventKey: text("event_key").primaryKey(),
    seenAtMs: bigint("seen_at_ms", { mode: "number" }).notNull(),
  },
  (table) => [index("channel_events_seen").on(table.seenAtMs)],
);
