import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One row per conversation (`<channel>:<id>`). Times are Unix milliseconds. */
export const conversations = sqliteTable("conversations", {
  conversationId: text("conversation_id").primaryKey(),
  createdAtMs: integer("created_at_ms").notNull(),
  updatedAtMs: integer("updated_at_ms").notNull(),
});

/** One row per Pi agent message, in order (`sequence` starts at 1 per conversation). */
export const conversationMessages = sqliteTable(
  "conversation_messages",
  {
    rowId: integer("row_id").primaryKey({ autoIncrement: true }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.conversationId, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    runId: text("run_id").notNull(),
    role: text("role").notNull(),
    messageJson: text("message_json").notNull(),
    createdAtMs: integer("created_at_ms").notNull(),
  },
  (table) => [
    uniqueIndex("conversation_messages_sequence").on(table.conversationId, table.sequence),
    index("conversation_messages_run").on(table.conversationId, table.runId),
  ],
);
