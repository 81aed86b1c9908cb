import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The interaction store on PostgreSQL: the same tables and columns as the SQLite schema
 * (../sqlite/interaction-schema.ts), shared by every host on the database. Times are Unix milliseconds.
 */
export const pgAsks = pgTable(
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
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }),
    settledAt: bigint("settled_at", { mode: "number" }),
    cancelReason: text("cancel_reason"),
    owner: text("owner"),
    /** Who may answer (`AskAudience`); null on asks stored before audiences existed. */
    audienceJson: text("audience_json"),
  },
  (table) => [
    // Hosts inserting at once: the unique partial index lets exactly one pending ask in.
    uniqueIndex("asks_one_pending_per_conversation")
      .on(table.physicalConversationId)
      .where(sql`${table.status} = 'pending'`),
    index("asks_by_conversation").on(table.conversationId, table.createdAt),
    index("asks_by_status").on(table.status),
  ],
);

/** Approval records: what was granted or denied, for which scope, by whom, until when. */
export const pgApprovals = pgTable(
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
    answeredAt: bigint("answered_at", { mode: "number" }).notNull(),
    expiresAt: bigint("expires_at", { mode: "number" }),
    revokedAt: bigint("revoked_at", { mode: "number" }),
  },
  (table) => [index("approvals_by_tool").on(table.toolName, table.scope)],
);
