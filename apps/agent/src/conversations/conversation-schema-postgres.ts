import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The conversation store on PostgreSQL: the same tables and columns as the SQLite schema
 * (conversation-schema.ts), in the schema the pool's search_path names. Times are Unix milliseconds.
 */
export const pgConversations = pgTable("conversations", {
  conversationId: text("conversation_id").primaryKey(),
  createdAtMs: bigint("created_at_ms", { mode: "number" }).notNull(),
  updatedAtMs: bigint("updated_at_ms", { mode: "number" }).notNull(),
});

/** One row per Pi agent message, in order (`sequence` starts at 1 per conversation). */
export const pgConversationMessages = pgTable(
  "conversation_messages",
  {
    rowId: bigserial("row_id", { mode: "number" }).primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => pgConversations.conversationId, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    runId: text("run_id").notNull(),
    role: text("role").notNull(),
    messageJson: text("message_json").notNull(),
    createdAtMs: bigint("created_at_ms", { mode: "number" }).notNull(),
  },
  (table) => [
    uniqueIndex("conversation_messages_sequence").on(table.conversationId, table.sequence),
    index("conversation_messages_run").on(table.conversationId, table.runId),
  ],
);
