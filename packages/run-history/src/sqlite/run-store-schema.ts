import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per run: the canonical summary (times are Unix milliseconds, lists are JSON text). */
export const runs = sqliteTable(
  "runs",
  {
    runId: text("run_id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    logicalConversationId: text("logical_conversation_id").notNull(),
    rolloverBucket: text("rollover_bucket"),
    status: text("status").notNull(),
    startedAtMs: integer("started_at_ms").notNull(),
    endedAtMs: integer("ended_at_ms"),
    updatedAtMs: integer("updated_at_ms").notNull(),
    durationMs: integer("duration_ms"),
    model: text("model").notNull(),
    effort: text("effort"),
    source: text("source").notNull(),
    sourceDetail: text("source_detail"),
    userInput: text("user_input").notNull(),
    failureKind: text("failure_kind"),
    error: text("error"),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    totalTokens: integer("total_tokens").notNull().default(0),
    costUsd: real("cost_usd").notNull().default(0),
    toolCallCount: integer("tool_call_count").notNull().default(0),
    toolErrorCount: integer("tool_error_count").notNull().default(0),
    toolsJson: text("tools_json").notNull().default("[]"),
    mcpServersUsedJson: text("mcp_servers_used_json").notNull().default("[]"),
    warningsJson: text("warnings_json").notNull().default("[]"),
    finalOutput: text("final_output"),
    eventCount: integer("event_count").notNull().default(0),
    eventsDropped: integer("events_dropped").notNull().default(0),
    ownerPid: integer("owner_pid").notNull(),
    ownerStartToken: text("owner_start_token").notNull(),
    ownerHost: text("owner_host").notNull(),
    /**
     * When the run settled, in the store's settle order (`run_store_counters.settled`, set by the
     * `runs_settled_sequence` trigger); null while running. What a search cache reads to stay current.
     */
    settledSequence: integer("settled_sequence"),
  },
  (table) => [
    index("runs_updated").on(table.updatedAtMs, table.runId),
    index("runs_logical_conversation_updated").on(
      table.logicalConversationId,
      table.updatedAtMs,
      table.runId,
    ),
    index("runs_conversation_updated").on(table.conversationId, table.updatedAtMs, table.runId),
    index("runs_status_started").on(table.status, table.startedAtMs),
    index("runs_started").on(table.startedAtMs),
    index("runs_logical_conversation_settled").on(
      table.logicalConversationId,
      table.settledSequence,
      table.runId,
    ),
    index("runs_conversation_settled").on(table.conversationId, table.settledSequence, table.runId),
  ],
);

/** What RunHistory must never return, apart from the summary row (deleted with it). */
export const runPrivateFields = sqliteTable("run_private_fields", {
  runId: text("run_id")
    .primaryKey()
    .references(() => runs.runId, { onDelete: "cascade" }),
  systemPrompt: text("system_prompt"),
  providerSessionMetadataJson: text("provider_session_metadata_json"),
  recalledMemoryJson: text("recalled_memory_json"),
});

/**
 * Store-wide counters kept by triggers (migration 0001): `settled` numbers each run that settles,
 * `deleted` counts removed runs. A search cache compares them to know what changed since its last read.
 */
export const runStoreCounters = sqliteTable("run_store_counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull(),
});
