import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The continuation store on PostgreSQL: the same tables and columns as the SQLite schema
 * (continuation-store-schema.ts), shared by every host on the database. Times are Unix milliseconds.
 */
export const pgContinuations = pgTable(
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
    deadlineMs: bigint("deadline_ms", { mode: "number" }).notNull(),
    resultTokenDigest: text("result_token_digest").notNull(),
    claimedAtMs: bigint("claimed_at_ms", { mode: "number" }).notNull(),
    updatedAtMs: bigint("updated_at_ms", { mode: "number" }).notNull(),
    resultIdempotencyKey: text("result_idempotency_key"),
    resultPayloadHash: text("result_payload_hash"),
    resultPayloadJson: text("result_payload_json"),
    resultReceivedAtMs: bigint("result_received_at_ms", { mode: "number" }),
    originContextState: text("origin_context_state").notNull(),
    originContextHash: text("origin_context_hash"),
    synthesisAttempts: integer("synthesis_attempts").notNull().default(0),
    synthesizedText: text("synthesized_text"),
    completionKind: text("completion_kind"),
    synthesisUsageJson: text("synthesis_usage_json"),
    deliveryAttempts: integer("delivery_attempts").notNull().default(0),
    nextAttemptAtMs: bigint("next_attempt_at_ms", { mode: "number" }),
    deliveryStartedAtMs: bigint("delivery_started_at_ms", { mode: "number" }),
    leaseOwner: text("lease_owner"),
    leaseExpiresAtMs: bigint("lease_expires_at_ms", { mode: "number" }),
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
export const pgOriginContexts = pgTable("continuation_origin_contexts", {
  contextHash: text("context_hash").primaryKey(),
  bodyJson: text("body_json").notNull(),
  bytes: integer("bytes").notNull(),
  createdAtMs: bigint("created_at_ms", { mode: "number" }).notNull(),
});

/** The last retention sweep any host ran, one row (`slot` 1), as in the SQLite store. */
export const pgLastRetentionSweep = pgTable("continuation_last_retention_sweep", {
  slot: integer("slot").primaryKey(),
  sweptAtMs: bigint("swept_at_ms", { mode: "number" }).notNull(),
  deletedRecords: integer("deleted_records").notNull(),
  scrubbedCapturedTexts: integer("scrubbed_captured_texts").notNull(),
  releasedOriginContexts: integer("released_origin_contexts").notNull(),
  errorCode: text("error_code"),
  errorMessage: text("error_message"),
});

/**
 * The signing secret every host derives result and operator tokens from: one row (`slot` 1), created by
 * the first host that opens the store (`INSERT … ON CONFLICT DO NOTHING`), read by all the others, so a
 * result token issued on one host is accepted by any host.
 */
export const pgContinuationSecret = pgTable("continuation_secret", {
  slot: integer("slot").primaryKey(),
  secretHex: text("secret_hex").notNull(),
  createdAtMs: bigint("created_at_ms", { mode: "number" }).notNull(),
});
