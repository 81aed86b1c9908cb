import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

// Migrations: `pnpm exec drizzle-kit generate --config drizzle-postgres.config.ts` writes ./drizzle-postgres.

/** The web threads on PostgreSQL: the same columns as the SQLite `web_threads` (times in Unix ms). */
export const pgWebThreads = pgTable(
  "web_threads",
  {
    threadId: text("thread_id").primaryKey(),
    origin: text("origin").notNull(),
    title: text("title"),
    titleSource: text("title_source"),
    titleLocked: integer("title_locked").notNull().default(0),
    firstMessage: text("first_message"),
    archivedAtMs: bigint("archived_at_ms", { mode: "number" }),
    createdAtMs: bigint("created_at_ms", { mode: "number" }).notNull(),
    updatedAtMs: bigint("updated_at_ms", { mode: "number" }).notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [index("web_threads_updated").on(table.archivedAtMs, table.updatedAtMs)],
);

/** One row per turn; `ownerHost` names the host whose process runs (or ran) the turn. */
export const pgWebTurns = pgTable(
  "web_turns",
  {
    turnId: text("turn_id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => pgWebThreads.threadId, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    runId: text("run_id"),
    model: text("model"),
    userText: text("user_text").notNull(),
    attachmentsJson: text("attachments_json"),
    assistantText: text("assistant_text").notNull().default(""),
    status: text("status").notNull(),
    errorText: text("error_text"),
    startedAtMs: bigint("started_at_ms", { mode: "number" }).notNull(),
    finishedAtMs: bigint("finished_at_ms", { mode: "number" }),
    ownerHost: text("owner_host"),
  },
  (table) => [
    uniqueIndex("web_turns_sequence").on(table.threadId, table.sequence),
    index("web_turns_running").on(table.status, table.ownerHost),
  ],
);

/** One row per tool call of a turn, in call order. */
export const pgWebToolCalls = pgTable(
  "web_tool_calls",
  {
    rowId: bigserial("row_id", { mode: "number" }).primaryKey(),
    turnId: text("turn_id")
      .notNull()
      .references(() => pgWebTurns.turnId, { onDelete: "cascade" }),
    toolCallId: text("tool_call_id").notNull(),
    name: text("name").notNull(),
    argumentsJson: text("arguments_json").notNull(),
    status: text("status").notNull(),
    resultPreview: text("result_preview"),
    progress: text("progress"),
    note: text("note"),
    durationMs: bigint("duration_ms", { mode: "number" }),
  },
  (table) => [uniqueIndex("web_tool_calls_call").on(table.turnId, table.toolCallId)],
);

/**
 * Console events too large for one NOTIFY payload: the notification carries the row's id and the other
 * hosts read the event here. Rows older than a few minutes are deleted by the publishing host.
 */
export const pgWebEventPayloads = pgTable(
  "web_event_payloads",
  {
    payloadId: bigserial("payload_id", { mode: "number" }).primaryKey(),
    payloadJson: text("payload_json").notNull(),
    createdAtMs: bigint("created_at_ms", { mode: "number" }).notNull(),
  },
  (table) => [index("web_event_payloads_created").on(table.createdAtMs)],
);
