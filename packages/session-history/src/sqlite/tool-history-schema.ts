import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row per managed tool call: the invocation record and, once the call ended, its terminal result
 * record (two record ids, one row). The searchable text of completed calls lives in the FTS5 table
 * `tool_call_text` (trigram, rowid = `row_id`), created by a hand-written migration.
 */
export const toolCalls = sqliteTable(
  "tool_calls",
  {
    rowId: integer("row_id").primaryKey({ autoIncrement: true }),
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
    isolated: integer("isolated", { mode: "boolean" }).notNull(),
    recovered: integer("recovered", { mode: "boolean" }).notNull().default(false),
    runStartedAtMs: integer("run_started_at_ms").notNull(),
    startedAtMs: integer("started_at_ms").notNull(),
    endedAtMs: integer("ended_at_ms"),
    executionMs: integer("execution_ms"),
    ownerId: text("owner_id").notNull(),
    invocationPayload: text("invocation_payload").notNull(),
    invocationOriginalBytes: integer("invocation_original_bytes").notNull(),
    invocationRetainedBytes: integer("invocation_retained_bytes").notNull(),
    invocationTruncated: integer("invocation_truncated", { mode: "boolean" }).notNull(),
    resultPayload: text("result_payload"),
    resultOriginalBytes: integer("result_original_bytes"),
    resultRetainedBytes: integer("result_retained_bytes"),
    resultTruncated: integer("result_truncated", { mode: "boolean" }),
    /** JSON `[{ id, path }]`, path relative to the run's tool-output folder; never returned. */
    artifacts: text("artifacts").notNull().default("[]"),
  },
  (table) => [
    index("tool_calls_scope_order").on(
      table.scopeConversationId,
      table.runStartedAtMs,
      table.runId,
      table.startSequence,
      table.toolCallId,
      table.invocationRecordId,
    ),
    index("tool_calls_tool_call_id").on(table.toolCallId),
    index("tool_calls_ended_at").on(table.endedAtMs),
    index("tool_calls_run").on(table.runId),
  ],
);

/** Records removed by retention: enough to say a known record existed, never its payload. */
export const tombstones = sqliteTable(
  "tombstones",
  {
    recordId: text("record_id").primaryKey(),
    conversationId: text("conversation_id").notNull(),
    scopeConversationId: text("scope_conversation_id").notNull(),
    runId: text("run_id").notNull(),
    toolCallId: text("tool_call_id").notNull(),
    isolated: integer("isolated", { mode: "boolean" }).notNull(),
    reason: text("reason").notNull(),
    removedAtMs: integer("removed_at_ms").notNull(),
  },
  (table) => [
    index("tombstones_removed_at").on(table.removedAtMs),
    index("tombstones_scope").on(table.scopeConversationId),
    index("tombstones_tool_call_id").on(table.toolCallId),
  ],
);

/** Writers that have opened the sidecar; dangling calls of a dead or closed owner are recovered. */
export const writerOwners = sqliteTable("writer_owners", {
  ownerId: text("owner_id").primaryKey(),
  pid: integer("pid").notNull(),
  startedAtMs: integer("started_at_ms").notNull(),
  closedAtMs: integer("closed_at_ms"),
});
