import { advisoryLockKey, type PostgresPool } from "@mono-agent/storage/postgres";
import type pg from "pg";
import { withoutRolloverBucket } from "../conversation-scope.js";
import type { ResolvedRetention } from "../retention-options.js";
import { toolRecordId } from "../sqlite/record-ids.js";
import { INTERRUPTED_PAYLOAD, type RetentionReport } from "../sqlite/tool-history-maintenance.js";
import type { TombstoneReason } from "../tool-record.js";
import { searchPart } from "./search-text.js";

/** Calls removed per retention statement, as in SQLite. */
const RETENTION_BATCH = 2_000;

/** Advisory-lock namespace of a retention pass: one host at a time prunes the shared store. */
const RETENTION_LOCK_NAMESPACE = "mono-agent:session-history-retention";

const COMPLETED = "FROM session_tool_calls WHERE result_record_id IS NOT NULL";
const SIZE = "(invocation_retained_bytes + coalesce(result_retained_bytes, 0))";

/**
 * Applies retention to the shared store with the SQLite rules: completed calls past the age, count or
 * byte bound (oldest first, by end time) are deleted and leave one tombstone per record, then tombstones
 * past their own bounds go; running calls stay. One transaction per pass, under an advisory lock taken
 * without waiting: when another host is pruning, this pass does nothing. Stops at `deadlineMs`.
 */
export async function applyPostgresRetention(
  postgres: PostgresPool,
  retention: ResolvedRetention,
  nowMs: number,
  deadlineMs: number,
): Promise<RetentionReport> {
  const report: RetentionReport = { removedCalls: 0, removedTombstones: 0 };
  const client = await postgres.pool.connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    try {
      const { rows } = await client.query<{ taken: boolean }>(
        "SELECT pg_try_advisory_xact_lock($1::bigint) AS taken",
        [advisoryLockKey(RETENTION_LOCK_NAMESPACE, postgres.schema)],
      );
      if (rows[0]?.taken) await prune(client, retention, nowMs, deadlineMs, report);
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {
        broken = true;
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
  return report;
}

async function prune(
  client: pg.PoolClient,
  retention: ResolvedRetention,
  nowMs: number,
  deadlineMs: number,
  report: RetentionReport,
): Promise<void> {
  const remove = async (reason: TombstoneReason, rowIds: string, params: unknown[]): Promise<number> => {
    const removed = await removeCalls(client, rowIds, params, reason, nowMs);
    report.removedCalls += removed;
    return removed;
  };
  while (performance.now() < deadlineMs) {
    const removed = await remove(
      "age",
      `SELECT row_id ${COMPLETED} AND ended_at_ms < $3 ORDER BY ended_at_ms LIMIT $4`,
      [nowMs - retention.maxAgeMs, RETENTION_BATCH],
    );
    if (removed < RETENTION_BATCH) break;
  }
  while (performance.now() < deadlineMs) {
    const total = await number(client, `SELECT count(*) AS value ${COMPLETED}`);
    const excess = total - retention.maxCompletedCalls;
    if (excess <= 0) break;
    const removed = await remove(
      "count",
      `SELECT row_id ${COMPLETED} ORDER BY ended_at_ms, row_id LIMIT $3`,
      [Math.min(excess, RETENTION_BATCH)],
    );
    if (removed < RETENTION_BATCH) break;
  }
  while (performance.now() < deadlineMs) {
    const bytes = await number(client, `SELECT coalesce(sum(${SIZE}), 0) AS value FROM session_tool_calls`);
    if (bytes <= retention.maxBytes) break;
    // The oldest completed calls until the excess is covered: each one whose predecessors do not cover it yet.
    const removed = await remove(
      "bytes",
      `SELECT row_id FROM (SELECT row_id, sum(${SIZE}) OVER (ORDER BY ended_at_ms, row_id) - ${SIZE} AS before
         FROM (SELECT * ${COMPLETED} ORDER BY ended_at_ms, row_id LIMIT $4) oldest) running WHERE before < $3`,
      [bytes - retention.maxBytes, RETENTION_BATCH],
    );
    if (removed === 0) break;
  }
  report.removedTombstones +=
    (
      await client.query("DELETE FROM session_tool_tombstones WHERE removed_at_ms < $1", [
        nowMs - retention.tombstoneMaxAgeMs,
      ])
    ).rowCount ?? 0;
  report.removedTombstones +=
    (
      await client.query(
        `DELETE FROM session_tool_tombstones WHERE record_id IN (SELECT record_id FROM session_tool_tombstones
           ORDER BY removed_at_ms DESC, record_id DESC OFFSET $1)`,
        [retention.maxTombstones],
      )
    ).rowCount ?? 0;
}

/** Deletes the calls `rowIds` selects ($1 reason and $2 time are taken) and leaves a tombstone per record. */
async function removeCalls(
  client: pg.PoolClient,
  rowIds: string,
  params: unknown[],
  reason: TombstoneReason,
  nowMs: number,
): Promise<number> {
  const { rows } = await client.query<{ removed: number }>(
    `WITH gone AS (
       DELETE FROM session_tool_calls WHERE row_id IN (${rowIds})
       RETURNING invocation_record_id, result_record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, isolated
     ), marked AS (
       INSERT INTO session_tool_tombstones (record_id, conversation_id, scope_conversation_id, run_id, tool_call_id,
         isolated, reason, removed_at_ms)
       SELECT record.id, gone.conversation_id, gone.scope_conversation_id, gone.run_id, gone.tool_call_id,
         gone.isolated, $1::text, $2::bigint
       FROM gone CROSS JOIN LATERAL (VALUES (gone.invocation_record_id), (gone.result_record_id)) AS record(id)
       ON CONFLICT (record_id) DO UPDATE SET reason = EXCLUDED.reason, removed_at_ms = EXCLUDED.removed_at_ms
     )
     SELECT count(*)::integer AS removed FROM gone`,
    [reason, nowMs, ...params],
  );
  return rows[0]?.removed ?? 0;
}

async function number(client: pg.PoolClient, query: string): Promise<number> {
  const { rows } = await client.query<{ value: string | number }>(query);
  return Number(rows[0]?.value ?? 0);
}

/**
 * Closes every call without a result whose writer is gone as `interrupted` with `recovered: true`: the
 * writer was closed, or it ran on `host` in a process that is no longer alive. Nothing is rerun.
 */
export async function recoverPostgresInterruptedCalls(
  pool: pg.Pool,
  host: string,
  isProcessAlive: (pid: number) => boolean,
): Promise<number> {
  const owners = await pool.query<{
    owner_id: string;
    host: string;
    pid: number;
    closed_at_ms: string | null;
  }>("SELECT owner_id, host, pid, closed_at_ms FROM session_tool_writer_owners");
  const live = owners.rows
    .filter((owner) => owner.closed_at_ms === null && (owner.host !== host || isProcessAlive(owner.pid)))
    .map((owner) => owner.owner_id);
  const dangling = await pool.query<{
    row_id: string;
    conversation_id: string;
    run_id: string;
    tool_call_id: string;
  }>(
    "SELECT row_id, conversation_id, run_id, tool_call_id FROM session_tool_calls WHERE result_record_id IS NULL AND NOT (owner_id = ANY($1::text[]))",
    [live],
  );
  let closed = 0;
  if (dangling.rows.length > 0) {
    const updated = await pool.query(
      `UPDATE session_tool_calls AS t SET result_record_id = w.result_record_id, end_sequence = t.start_sequence,
         state = 'interrupted', failure_kind = 'process_death', detail_code = 'recovered_after_process_exit',
         recovered = true, result_payload = $3, result_original_bytes = 0, result_retained_bytes = $4,
         result_truncated = false, search_text = t.search_text || $5
       FROM unnest($1::bigint[], $2::text[]) AS w(row_id, result_record_id)
       WHERE t.row_id = w.row_id AND t.result_record_id IS NULL`,
      [
        dangling.rows.map((row) => row.row_id),
        dangling.rows.map((row) =>
          toolRecordId("result", {
            conversationId: row.conversation_id,
            runId: row.run_id,
            toolCallId: row.tool_call_id,
          }),
        ),
        INTERRUPTED_PAYLOAD,
        Buffer.byteLength(INTERRUPTED_PAYLOAD),
        searchPart(`\n${INTERRUPTED_PAYLOAD}`),
      ],
    );
    closed = updated.rowCount ?? 0;
  }
  await pool.query(
    `DELETE FROM session_tool_writer_owners WHERE NOT (owner_id = ANY($1::text[]))
       AND owner_id NOT IN (SELECT DISTINCT owner_id FROM session_tool_calls WHERE result_record_id IS NULL)`,
    [live],
  );
  return closed;
}

/** Clears a logical session (every daily bucket of `conversationId`); returns how many calls were removed. */
export async function resetPostgresConversation(pool: pg.Pool, conversationId: string): Promise<number> {
  const result = await pool.query(
    `WITH tombstones AS (DELETE FROM session_tool_tombstones WHERE scope_conversation_id = $1)
     DELETE FROM session_tool_calls WHERE scope_conversation_id = $1`,
    [withoutRolloverBucket(conversationId)],
  );
  return result.rowCount ?? 0;
}
