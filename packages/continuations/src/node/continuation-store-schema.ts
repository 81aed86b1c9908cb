import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/** One row per continuation (format `per-record-v3`: every record is its own row, updated in place). */
export const continuations = sqliteTable(
  "continuations",
  {
    continuationId: text("continuation_id").primaryKey(),
    state: text("state").notNull(),
    serverName: text("server_name").notNull(),
    originRunId: text("origin_run_id").notNull(),
    originConversationId: text("origin_conversation_id").notNull(),
    replyTo: text("reply_to"),
    historyBoundary: text("history_boundary").notNull(),
    mode: text("mode").notNull(),
    routeName: text("route_name"),
    destinationConversationId: text("destination_conversation_id"),
    fingerprint: text("fingerprint").notNull(),
    taskKey: text("task_key").notNull(),
    taskHash: text("task_hash").notNull(),
    deadlineMs: integer("deadline_ms").notNull(),
    resultTokenDigest: text("result_token_digest").notNull(),
    claimedAtMs: integer("claimed_at_ms").notNull(),
    updatedAtMs: integer("updated_at_ms").notNull(),
    resultIdempotencyKey: text("result_idempotency_key"),
    resultPayloadHash: text("result_payload_hash"),
    resultPayloadJson: text("result_payload_json"),
    resultReceivedAtMs: integer("result_received_at_ms"),
    originContextState: text("origin_context_state").notNull(),
    originContextHash: text("origin_context_hash"),
    synthesisAttempts: integer("synthesis_attempts").notNull().default(0),
    synthesizedText: text("synthesized_text"),
    completionKind: text("completion_kind"),
    /** JSON of the synthesis turn's `SynthesisUsage`, when the synthesizer reported it. */
    synthesisUsageJson: text("synthesis_usage_json"),
    deliveryAttempts: integer("delivery_attempts").notNull().default(0),
    nextAttemptAtMs: integer("next_attempt_at_ms"),
    deliveryStartedAtMs: integer("delivery_started_at_ms"),
    leaseOwner: text("lease_owner"),
    leaseExpiresAtMs: integer("lease_expires_at_ms"),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    receiptJson: text("receipt_json"),
  },
  (table) => [
    uniqueIndex("continuations_task").on(table.serverName, table.originRunId, table.taskKey),
    index("continuations_state").on(table.state),
    index("continuations_fingerprint").on(table.fingerprint, table.state),
    index("continuations_origin_run").on(table.originRunId),
    index("continuations_listing").on(table.claimedAtMs, table.continuationId),
  ],
);

/** Origin-context snapshots, content-addressed (SHA-256 of the JSON body), shared by a run's records. */
export const originContexts = sqliteTable("origin_contexts", {
  contextHash: text("context_hash").primaryKey(),
  bodyJson: text("body_json").notNull(),
  bytes: integer("bytes").notNull(),
  createdAtMs: integer("created_at_ms").notNull(),
});

/**
 * The last retention sweep of the store, one row (`slot` 1) replaced by each sweep: when it ran, what
 * it removed, or why it failed. Kept in the store so the operator CLI, in another process, can show it.
 */
export const lastRetentionSweep = sqliteTable("last_retention_sweep", {
  slot: integer("slot").primaryKey(),
  sweptAtMs: integer("swept_at_ms").notNull(),
  deletedRecords: integer("deleted_records").notNull(),
  scrubbedCapturedTexts: integer("scrubbed_captured_texts").notNull(),
  releasedOriginContexts: integer("released_origin_contexts").notNull(),
  errorCode: text("error_code"),
  errorMessage: text("error_message"),
});
