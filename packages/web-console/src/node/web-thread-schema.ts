import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Migrations: from apps/agent, `pnpm exec drizzle-kit generate --dialect sqlite
// --schema ./src/web/web-thread-schema.ts --out ./drizzle-web --name <change>`.

/**
 * One row per web thread (conversation `web:<threadId>`). Times are Unix milliseconds. `title` is null
 * until the agent or a person names the thread; `titleLocked` is set forever by a browser rename.
 * `version` grows with every change the browser must refetch (the thread invalidation).
 */
export const webThreads = sqliteTable(
  "web_threads",
  {
    threadId: text("thread_id").primaryKey(),
    origin: text("origin").notNull(),
    title: text("title"),
    titleSource: text("title_source"),
    titleLocked: integer("title_locked").notNull().default(0),
    firstMessage: text("first_message"),
    archivedAtMs: integer("archived_at_ms"),
    createdAtMs: integer("created_at_ms").notNull(),
    updatedAtMs: integer("updated_at_ms").notNull(),
    version: integer("version").notNull().default(1),
  },
  (table) => [index("web_threads_updated").on(table.archivedAtMs, table.updatedAtMs)],
);

/** One row per turn: the person's message and the assistant's answer to it (one run). */
export const webTurns = sqliteTable(
  "web_turns",
  {
    turnId: text("turn_id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => webThreads.threadId, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    runId: text("run_id"),
    model: text("model"),
    userText: text("user_text").notNull(),
    /** JSON `[{ name, bytes }]` of the files sent with the message; null when there were none. */
    attachmentsJson: text("attachments_json"),
    assistantText: text("assistant_text").notNull().default(""),
    status: text("status").notNull(),
    errorText: text("error_text"),
    startedAtMs: integer("started_at_ms").notNull(),
    finishedAtMs: integer("finished_at_ms"),
  },
  (table) => [uniqueIndex("web_turns_sequence").on(table.threadId, table.sequence)],
);

/** One row per tool call of a turn, in call order: what the Activity disclosure lists. */
export const webToolCalls = sqliteTable(
  "web_tool_calls",
  {
    rowId: integer("row_id").primaryKey({ autoIncrement: true }),
    turnId: text("turn_id")
      .notNull()
      .references(() => webTurns.turnId, { onDelete: "cascade" }),
    toolCallId: text("tool_call_id").notNull(),
    name: text("name").notNull(),
    argumentsJson: text("arguments_json").notNull(),
    status: text("status").notNull(),
    resultPreview: text("result_preview"),
    progress: text("progress"),
    note: text("note"),
    durationMs: integer("duration_ms"),
  },
  (table) => [uniqueIndex("web_tool_calls_call").on(table.turnId, table.toolCallId)],
);
