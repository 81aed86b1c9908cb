import { randomUUID } from "node:crypto";
import { openSyncPostgres, type SyncPostgres } from "@mono-agent/storage/postgres";
import { normalizeConversationTitle } from "../../conversation-title.js";
import { WebConsoleError } from "../../web-console-error.js";
import type { WebToolCall, WebToolCallStatus, WebTurn, WebTurnStatus } from "../../web-thread-types.js";
import type { WebAttachmentNote } from "../web-attachments.js";
import { threadFromRow } from "../web-thread-rows.js";
import type { webThreads } from "../web-thread-schema.js";
import { WEB_THREAD_LIST_LIMIT, type WebThreadStore } from "../web-thread-store.js";
import { TOOL_ARGUMENTS_MAX_CHARACTERS, WEB_TURNS_PER_VIEW } from "../web-turn-records.js";

/** Options of {@link openPostgresWebThreadStore}. */
export interface OpenPostgresWebThreadStoreOptions {
  /** The `postgres://` URL. */
  url: string;
  /** The schema `WEB_CONSOLE_POSTGRES_MIGRATIONS` were applied to. */
  schema: string;
  /** This host's id: recorded on the turns it runs, so a restart interrupts only its own turns. */
  hostId: string;
}

type Row = Record<string, unknown>;
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

function threadRow(row: Row): typeof webThreads.$inferSelect {
  return {
    threadId: String(row.thread_id),
    origin: String(row.origin),
    title: (row.title as string | null) ?? null,
    titleSource: (row.title_source as string | null) ?? null,
    titleLocked: num(row.title_locked),
    firstMessage: (row.first_message as string | null) ?? null,
    archivedAtMs: numOrNull(row.archived_at_ms),
    createdAtMs: num(row.created_at_ms),
    updatedAtMs: num(row.updated_at_ms),
    version: num(row.version),
  };
}

function argumentsText(value: unknown): string {
  const text = JSON.stringify(value ?? {}) ?? "{}";
  return text.length > TOOL_ARGUMENTS_MAX_CHARACTERS
    ? JSON.stringify({ truncated: `${text.slice(0, TOOL_ARGUMENTS_MAX_CHARACTERS)}…` })
    : text;
}

/**
 * Opens the web thread store on PostgreSQL (threads shared by every host on the database) with the same
 * semantics as the SQLite store. Its interface is synchronous, so it runs on one synchronous connection
 * (`openSyncPostgres`). The migrations must have been applied (`WEB_CONSOLE_POSTGRES_MIGRATIONS`).
 */
export function openPostgresWebThreadStore(options: OpenPostgresWebThreadStoreOptions): WebThreadStore {
  const db: SyncPostgres = openSyncPostgres({
    url: options.url,
    schema: options.schema,
    applicationName: "mono-agent web threads",
    failure: (message) => new WebConsoleError("web_store_failed", `The web thread store failed: ${message}`),
  });
  const q = (sql: string, params: readonly unknown[] = []) => db.query<Row>(sql, params);
  const transaction = <T>(work: () => T): T => {
    q("BEGIN");
    try {
      const result = work();
      q("COMMIT");
      return result;
    } catch (error) {
      try {
        q("ROLLBACK");
      } catch {
        // the connection is gone; the server rolls back
      }
      throw error;
    }
  };
  const find = (threadId: string) => {
    const found = q("SELECT * FROM web_threads WHERE thread_id = $1", [threadId]).rows[0];
    return found ? threadRow(found) : undefined;
  };
  const row = (threadId: string) => {
    const found = find(threadId);
    if (!found) throw new WebConsoleError("thread_not_found", `No web thread ${JSON.stringify(threadId)}.`);
    return found;
  };
  const bumpThreadOf = (turnId: string) =>
    q(
      "UPDATE web_threads SET updated_at_ms = $2, version = version + 1 WHERE thread_id = (SELECT thread_id FROM web_turns WHERE turn_id = $1)",
      [turnId, Date.now()],
    );

  return {
    file: `postgres schema ${options.schema}`,
    createThread(createOptions) {
      const now = Date.now();
      const threadId = randomUUID();
      q("INSERT INTO web_threads (thread_id, origin, created_at_ms, updated_at_ms) VALUES ($1, $2, $3, $3)", [
        threadId,
        createOptions?.origin ?? "interactive",
        now,
      ]);
      return threadFromRow(row(threadId));
    },
    getThread: (threadId) => threadFromRow(row(threadId)),
    listThreads(listOptions) {
      const archived = listOptions?.archived ? "IS NOT NULL" : "IS NULL";
      return q(
        `SELECT * FROM web_threads WHERE archived_at_ms ${archived} ORDER BY updated_at_ms DESC, thread_id LIMIT $1`,
        [WEB_THREAD_LIST_LIMIT],
      ).rows.map((found) => threadFromRow(threadRow(found)));
    },
    touchThread(threadId) {
      return (
        q("UPDATE web_threads SET updated_at_ms = $2, version = version + 1 WHERE thread_id = $1", [
          threadId,
          Date.now(),
        ]).rowCount > 0
      );
    },
    archiveThread(threadId) {
      row(threadId);
      q(
        "UPDATE web_threads SET archived_at_ms = $2, version = version + 1 WHERE thread_id = $1 AND archived_at_ms IS NULL",
        [threadId, Date.now()],
      );
      return threadFromRow(row(threadId));
    },
    renameThread(threadId, title) {
      const parsed = normalizeConversationTitle(title);
      if (!parsed.ok) throw new WebConsoleError("invalid_title", parsed.message);
      const changed = q(
        "UPDATE web_threads SET title = $2, title_source = 'manual', title_locked = 1, updated_at_ms = $3, version = version + 1 WHERE thread_id = $1",
        [threadId, parsed.title, Date.now()],
      ).rowCount;
      if (changed === 0) row(threadId);
      return threadFromRow(row(threadId));
    },
    proposeTitle(threadId, title) {
      const changed = q(
        "UPDATE web_threads SET title = $2, title_source = 'agent', version = version + 1 WHERE thread_id = $1 AND title_locked = 0 AND origin = 'interactive' AND archived_at_ms IS NULL",
        [threadId, title],
      ).rowCount;
      if (changed === 1) return "applied";
      const current = find(threadId);
      if (!current) return "unknown-thread";
      if (current.titleLocked === 1) return "locked";
      if (current.archivedAtMs !== null) return "archived";
      return "not-interactive";
    },
    interruptRunningTurns() {
      return transaction(() => {
        q(
          "UPDATE web_tool_calls SET status = 'interrupted' WHERE status = 'running' AND turn_id IN (SELECT turn_id FROM web_turns WHERE status = 'running' AND owner_host = $1)",
          [options.hostId],
        );
        return q(
          "UPDATE web_turns SET status = 'interrupted', finished_at_ms = $2 WHERE status = 'running' AND owner_host = $1",
          [options.hostId, Date.now()],
        ).rowCount;
      });
    },
    startTurn(threadId, userText, attachments = []) {
      return transaction(() => {
        const thread = q("SELECT archived_at_ms FROM web_threads WHERE thread_id = $1 FOR UPDATE", [threadId])
          .rows[0];
        if (!thread)
          throw new WebConsoleError("thread_not_found", `No web thread ${JSON.stringify(threadId)}.`);
        if (thread.archived_at_ms !== null)
          throw new WebConsoleError(
            "thread_archived",
            "This thread is archived; start a new thread to continue.",
          );
        const last = q("SELECT max(sequence) AS value FROM web_turns WHERE thread_id = $1", [threadId])
          .rows[0];
        const sequence = (numOrNull(last?.value) ?? 0) + 1;
        const turnId = randomUUID();
        const now = Date.now();
        q(
          "INSERT INTO web_turns (turn_id, thread_id, sequence, user_text, attachments_json, status, started_at_ms, owner_host) VALUES ($1, $2, $3, $4, $5, 'running', $6, $7)",
          [
            turnId,
            threadId,
            sequence,
            userText,
            attachments.length > 0 ? JSON.stringify(attachments) : null,
            now,
            options.hostId,
          ],
        );
        q(
          "UPDATE web_threads SET updated_at_ms = $2, version = version + 1, first_message = COALESCE(first_message, $3) WHERE thread_id = $1",
          [threadId, now, userText],
        );
        return { turnId, sequence };
      });
    },
    setTurnRun(turnId, runId, model) {
      q("UPDATE web_turns SET run_id = $2, model = $3 WHERE turn_id = $1", [turnId, runId, model]);
    },
    appendAssistantText(turnId, text) {
      q("UPDATE web_turns SET assistant_text = assistant_text || $2 WHERE turn_id = $1", [turnId, text]);
    },
    finishTurn(turnId, outcome) {
      q(
        `UPDATE web_turns SET status = $2, finished_at_ms = $3,
           assistant_text = CASE WHEN $4::text IS NOT NULL AND $4::text <> '' AND assistant_text = '' THEN $4::text ELSE assistant_text END,
           error_text = CASE WHEN $5::boolean THEN $6::text ELSE error_text END
         WHERE turn_id = $1`,
        [
          turnId,
          outcome.status,
          Date.now(),
          outcome.finalText ?? null,
          outcome.error !== undefined,
          outcome.error ?? null,
        ],
      );
      q("UPDATE web_tool_calls SET status = 'interrupted' WHERE turn_id = $1 AND status = 'running'", [
        turnId,
      ]);
      bumpThreadOf(turnId);
    },
    toolStarted(turnId, call) {
      q(
        "INSERT INTO web_tool_calls (turn_id, tool_call_id, name, arguments_json, status) VALUES ($1, $2, $3, $4, 'running') ON CONFLICT DO NOTHING",
        [turnId, call.toolCallId, call.name, argumentsText(call.arguments)],
      );
    },
    toolProgress(turnId, toolCallId, message) {
      q("UPDATE web_tool_calls SET progress = $3 WHERE turn_id = $1 AND tool_call_id = $2", [
        turnId,
        toolCallId,
        message,
      ]);
    },
    toolFinished(turnId, call) {
      q(
        "UPDATE web_tool_calls SET status = $3, duration_ms = $4, result_preview = $5 WHERE turn_id = $1 AND tool_call_id = $2",
        [turnId, call.toolCallId, call.isError ? "error" : "ok", call.durationMs, call.preview],
      );
    },
    noteToolCall(turnId, toolCallId, note) {
      q("UPDATE web_tool_calls SET note = $3 WHERE turn_id = $1 AND tool_call_id = $2", [
        turnId,
        toolCallId,
        note,
      ]);
    },
    listTurns(threadId) {
      const turns = q("SELECT * FROM web_turns WHERE thread_id = $1 ORDER BY sequence DESC LIMIT $2", [
        threadId,
        WEB_TURNS_PER_VIEW,
      ]).rows.reverse();
      if (turns.length === 0) return [];
      const calls = q("SELECT * FROM web_tool_calls WHERE turn_id = ANY($1::text[]) ORDER BY row_id", [
        turns.map((turn) => String(turn.turn_id)),
      ]).rows;
      const byTurn = new Map<string, WebToolCall[]>();
      for (const call of calls) {
        const list = byTurn.get(String(call.turn_id)) ?? [];
        list.push({
          toolCallId: String(call.tool_call_id),
          name: String(call.name),
          arguments: JSON.parse(String(call.arguments_json)) as unknown,
          status: call.status as WebToolCallStatus,
          resultPreview: (call.result_preview as string | null) ?? null,
          progress: (call.progress as string | null) ?? null,
          note: (call.note as string | null) ?? null,
          durationMs: numOrNull(call.duration_ms),
        });
        byTurn.set(String(call.turn_id), list);
      }
      return turns.map(
        (turn): WebTurn => ({
          turnId: String(turn.turn_id),
          sequence: num(turn.sequence),
          runId: (turn.run_id as string | null) ?? null,
          model: (turn.model as string | null) ?? null,
          userText: String(turn.user_text),
          attachments: turn.attachments_json
            ? (JSON.parse(String(turn.attachments_json)) as WebAttachmentNote[])
            : [],
          assistantText: String(turn.assistant_text),
          status: turn.status as WebTurnStatus,
          error: (turn.error_text as string | null) ?? null,
          startedAtMs: num(turn.started_at_ms),
          finishedAtMs: numOrNull(turn.finished_at_ms),
          toolCalls: byTurn.get(String(turn.turn_id)) ?? [],
        }),
      );
    },
    close: () => db.close(),
  };
}
