import { bigint, bigserial, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The PostgreSQL sidecar, shared by every host: one row per managed tool call, as in SQLite's
 * `tool_calls` (same columns and keys), plus `search_text`, the lower-cased redacted text search matches
 * (tool name, arguments, then the result once the call ended), under a pg_trgm GIN index when the
 * extension could be created (migration 0001).
 */
export const pgToolCalls = pgTable(
  "session_tool_calls",
  {
    rowId: bigserial("row_id", { mode: "number" }).primaryKey(),
    invocationRecordId: text("invocation_record_id").notNull().unique(),
    resultRecordId: text("result_record_id").unique(),
    conversationId: text("conversation_id").notNull(),
    /** `conversation_id` without its `#YYYY-MM-DD` bucket: the rollover scope and the reset key. */
    scopeConversationId: text("scope_conversation_id").notNull(),
    runId: text("run_id").notNull(),
    toolCallId: text("tool_call_id").notNull(),
    toolName: text("tool_name").notNull(),
    startSequence: integer("start_sequence").notNull(),
    endSequence: integer("end_sequence"),
    state: text("state"),
    failureKind: text("failure_kind"),
    detailCode: text("detail_code"),
    isolated: boolean("isolated").notNull(),
    recovered: boolean("recovered").notNull().default(false),
    runStartedAtMs: bigint("run_started_at_ms", { mode: "number" }).notNull(),
    startedAtMs: bigint("started_at_ms", { mode: "number" }).notNull(),
    endedAtMs: bigint("ended_at_ms", { mode: "number" }),
    executionMs: bigint("execution_ms", { mode: "number" }),
    ownerId: text("owner_id").notNull(),
    invocationPayload: text("invocation_payload").notNull(),
    invocationOriginalBytes: integer("invocation_original_bytes").notNull(),
    invocationRetainedBytes: integer("invocation_retained_bytes").notNull(),
    invocationTruncated: boolean("invocation_truncated").notNull(),
    resultPayload: text("result_payload"),
    resultOriginalBytes: integer("result_original_bytes"),
    resultRetainedBytes: integer("result_retained_bytes"),
    resultTruncated: boolean("result_truncated"),
    /** JSON `[{ id, path }]`, path relative to the run's tool-output folder; never returned. */
    artifacts: text("artifacts").notNull().default("[]"),
    searchText: text("search_text").notNull(),
  },
  (table) => [
    index("session_tool_calls_scope_order").on(
      table.scopeConversationId,
      table.runStartedAtMs,
      table.runId,
      table.startSequence,
      table.toolCallId,
      table.invocationRecordId,
    ),
    index("session_tool_calls_tool_call_id").on(table.toolCallId),
    index("session_tool_calls_ended_at").on(table.endedAtMs),
    index("session_tool_calls_run").on(table.runId),
  ],
);

/** Records removed by retention: enough to say a known record existed, never its payload. */
export const pgTombstones = pgTable(
  "session_tool_tombstones",
  {
    recordId: text("record_id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    scopeConversationId: text("scope_conversation_id").notNull(),
    runId: text("run_id").notNull(),
    toolCallId: text("tool_call_id").notNull(),
    isolated: boolean("isolated").notNull(),
    reason: text("reason").notNull(),
    removedAtMs: bigint("removed_at_ms", { mode: "number" }).notNull(),
  },
  (table) => [
    index("session_tool_tombstones_removed_at").on(table.removedAtMs),
    index("session_tool_tombstones_scope").on(table.scopeConversationId),
    index("session_tool_tombstones_tool_call_id").on(table.toolCallId),
  ],
);

/** Writers of every host that opened the store; dangling calls of a closed (or, on its own host, dead) owner are recovered. */
export const pgWriterOwners = pgTable("session_tool_writer_owners", {
  ownerId: text("owner_id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAtMs: bigint("started_at_ms", { mode: "number" }).notNull(),
  closedAtMs: bigint("closed_at_ms", { mode: "number" }),
});
