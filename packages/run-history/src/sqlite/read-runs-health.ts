import Database from "better-sqlite3";
import type { RunOwner } from "../run-store.js";
import type { RunSummary } from "../run-summary.js";
import { rowToSummary } from "./run-row.js";

/** What `mono-agent validate` shows about the run store. */
export interface RunsHealth {
  total: number;
  recent: RunSummary[];
  running: { runId: string; owner: RunOwner }[];
}

/** Largest number of `running` runs the health check reads: a store never has more in practice. */
const RUNNING_READ_MAX = 1_000;

/** Every column of `runs`, aliased to the property names of the drizzle schema (see run-store-schema.ts). */
const SUMMARY_COLUMNS = `run_id AS runId, conversation_id AS conversationId, logical_conversation_id AS logicalConversationId,
  rollover_bucket AS rolloverBucket, status, started_at_ms AS startedAtMs, ended_at_ms AS endedAtMs,
  updated_at_ms AS updatedAtMs, duration_ms AS durationMs, model, effort, source, source_detail AS sourceDetail,
  user_input AS userInput, failure_kind AS failureKind, error, input_tokens AS inputTokens,
  output_tokens AS outputTokens, total_tokens AS totalTokens, cost_usd AS costUsd, tool_call_count AS toolCallCount,
  tool_error_count AS toolErrorCount, tools_json AS toolsJson, mcp_servers_used_json AS mcpServersUsedJson,
  warnings_json AS warningsJson, final_output AS finalOutput, event_count AS eventCount,
  events_dropped AS eventsDropped, owner_pid AS ownerPid, owner_start_token AS ownerStartToken, owner_host AS ownerHost`;

/**
 * Reads the run store's health with plain read-only SQL: the total, the newest summaries and the runs
 * marked `running`. It loads no ORM, so `mono-agent validate` stays fast; it never writes or migrates.
 */
export function readRunsHealth(file: string, recentLimit: number): RunsHealth {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const total = (db.prepare("SELECT count(*) AS total FROM runs").get() as { total: number }).total;
    const recentRows = db
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM runs ORDER BY updated_at_ms DESC, run_id DESC LIMIT ?`)
      .all(recentLimit) as Parameters<typeof rowToSummary>[0][];
    const runningRows = db
      .prepare(
        "SELECT run_id AS runId, owner_pid AS pid, owner_start_token AS startToken, owner_host AS host FROM runs WHERE status = 'running' LIMIT ?",
      )
      .all(RUNNING_READ_MAX) as { runId: string; pid: number; startToken: string; host: string }[];
    return {
      total,
      recent: recentRows.map(rowToSummary),
      running: runningRows.map(({ runId, pid, startToken, host }) => ({
        runId,
        owner: { pid, startToken, host },
      })),
    };
  } finally {
    db.close();
  }
}
