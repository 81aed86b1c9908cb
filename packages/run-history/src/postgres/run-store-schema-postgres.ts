import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * One row per run, shared by every host: the same columns as the SQLite `runs` table (times are Unix
 * milliseconds as bigint, lists are JSON text). `settled_sequence` is set by the store when a run settles.
 */
export const pgRuns = pgTable(
  "runs",
  {
    runId: text("run_id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    logicalConversationId: text("logical_conversation_id").notNull(),
    rolloverBucket: text("rollover_bucket"),
    status: text("status").notNull(),
    startedAtMs: bigint("started_at_ms", { mode: "number" }).notNull(),
    endedAtMs: bigint("ended_at_ms", { mode: "number" }),
    updatedAtMs: bigint("updated_at_ms", { mode: "number" }).notNull(),
    durationMs: bigint("duration_ms", { mode: "number" }),
    model: text("model").notNull(),
    effort: text("effort"),
    source: text("source").notNull(),
    sourceDetail: text("source_detail"),
    userInput: text("user_input").notNull(),
    failureKind: text("failure_kind"),
    error: text("error"),
    inputTokens: bigint("input_tokens", { mode: "number" }).notNull().default(0),
    outputTokens: bigint("output_tokens", { mode: "number" }).notNull().default(0),
    totalTokens: bigint("total_tokens", { mode: "number" }).notNull().default(0),
    costUsd: doublePrecision("cost_usd").notNull().default(0),
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
    settledSequence: bigint("settled_sequence", { mode: "number" }),
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
export const pgRunPrivateFields = pgTable("run_private_fields", {
  runId: text("run_id")
    .primaryKey()
    .references(() => pgRuns.runId, { onDelete: "cascade" }),
  systemPrompt: text("system_prompt"),
  providerSessionMetadataJson: text("provider_session_metadata_json"),
  recalledMemoryJson: text("recalled_memory_json"),
});

/** Store-wide counters: `settled` numbers each run that settles, `deleted` counts removed runs. */
export const pgRunStoreCounters = pgTable("run_store_counters", {
  name: text("name").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
});

/**
 * The event stream of each run (what a `run-<runId>.events.jsonl` file holds on SQLite): one row per
 * line, numbered from 1 in recording order, deleted with the run.
 */
export const pgRunEvents = pgTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => pgRuns.runId, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    json: text("json").notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.seq] })],
);
