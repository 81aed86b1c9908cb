import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** Asks: one row each; JSON columns hold the channel-neutral prompt, answer and answerer. */
export const asks = sqliteTable(
  "asks",
  {
    askId: text("ask_id").primaryKey(),
    kind: text("kind").notNull(),
    runId: text("run_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    /** The conversation with its rollover bucket stripped: one pending ask per physical conversation. */
    physicalConversationId: text("physical_conversation_id").notNull(),
    status: text("status").notNull(),
    promptJson: text("prompt_json").notNull(),
    answerJson: text("answer_json"),
    answeredByJson: text("answered_by_json"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at"),
    settledAt: integer("settled_at"),
    cancelReason: text("cancel_reason"),
    owner: text("owner"),
    /** Who may answer (`AskAudience`); null on asks stored before audiences existed. */
    audienceJson: text("audience_json"),
  },
  (table) => [
    uniqueIndex("asks_one_pending_per_conversation")
      .on(table.physicalConversationId)
      .where(sql`${table.status} = 'pending'`),
    index("asks_by_conversation").on(table.conversationId, table.createdAt),
    index("asks_by_status").on(table.status),
  ],
);

/** Approval records: what was granted or denied, for which scope, by whom, until when. */
export const approvals = sqliteTable(
  "approvals",
  {
    approvalId: text("approval_id").primaryKey(),
    runId: text("run_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    toolName: text("tool_name").notNull(),
    argumentsHash: text("arguments_hash").notNull(),
    decision: text("decision").notNull(),
    scope: text("scope").notNull(),
    answeredByJson: text("answered_by_json").notNull(),
    answeredAt: integer("answered_at").notNull(),
    expiresAt: integer("expires_at"),
    revokedAt: integer("revoked_at"),
  },
  (table) => [index("approvals_by_tool").on(table.toolName, table.scope)],
);
