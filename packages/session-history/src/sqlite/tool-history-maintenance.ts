import type Database from "better-sqlite3";
import { withoutRolloverBucket } from "../conversation-scope.js";
import type { ResolvedRetention } from "../retention-options.js";
import type { TombstoneReason } from "../tool-record.js";
import { toolRecordId } from "./record-ids.js";
import { searchableText } from "./tool-history-writes.js";

/** Calls removed per retention statement, so one pass never holds the write lock for long. */
const RETENTION_BATCH = 2_000;

/** Payload of the result written by crash recovery. */
export const INTERRUPTED_PAYLOAD = JSON.stringify(
  "[no result: the process ended before the tool returned; the call was not rerun]",
);

/** What one retention pass removed. */
export interface RetentionReport {
  removedCalls: number;
  removedTombstones: number;
}

/**
 * Applies retention: completed calls past the age, count or byte bound (oldest first, by end time)
 * are deleted and leave one tombstone per record; then tombstones past their own age and count bounds
 * go. Calls still running are never removed. Stops after `deadlineMs` (the maintenance ceiling); the
 * next pass continues.
 */
export function applyRetention(
  sqlite: Database.Database,
  retention: ResolvedRetention,
  nowMs: number,
  deadlineMs: number,
): RetentionReport {
  const report: RetentionReport = { removedCalls: 0, removedTombstones: 0 };
  const remove = (reason: TombstoneReason, selectSql: string, ...params: unknown[]): boolean => {
    const rows = sqlite.prepare(selectSql).all(...params, RETENTION_BATCH) as RemovableRow[];
    if (rows.length === 0) return false;
    removeCalls(sqlite, rows, reason, nowMs);
    report.removedCalls += rows.length;
    return rows.length === RETENTION_BATCH;
  };
  const completed = "FROM tool_calls WHERE result_record_id IS NOT NULL";
  const columns =
    "row_id, invocation_record_id, result_record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, isolated";
  while (
    performance.now() < deadlineMs &&
    remove(
      "age",
      `SELECT ${columns} ${completed} AND ended_at_ms < ? ORDER BY ended_at_ms LIMIT ?`,
      nowMs - retention.maxAgeMs,
    )
  );
  while (performance.now() < deadlineMs) {
    const { total } = sqlite.prepare(`SELECT count(*) AS total ${completed}`).get() as { total: number };
    const excess = total - retention.maxCompletedCalls;
    if (excess <= 0) break;
    const more = remove(
      "count",
      `SELECT ${columns} ${completed} ORDER BY ended_at_ms, row_id LIMIT min(?, ?)`,
      excess,
    );
    if (!more) break;
  }
  while (performance.now() < deadlineMs) {
    const { bytes } = sqlite
      .prepare(
        "SELECT coalesce(sum(invocation_retained_bytes + coalesce(result_retained_bytes, 0)), 0) AS bytes FROM tool_calls",
      )
      .get() as { bytes: number };
    if (bytes <= retention.maxBytes) break;
    const rows = sqlite
      .prepare(
        `SELECT ${columns}, invocation_retained_bytes + coalesce(result_retained_bytes, 0) AS size ${completed} ORDER BY ended_at_ms, row_id LIMIT ?`,
      )
      .all(RETENTION_BATCH) as (RemovableRow & { size: number })[];
    let excess = bytes - retention.maxBytes;
    const chosen: RemovableRow[] = [];
    for (const row of rows) {
      if (excess <= 0) break;
      chosen.push(row);
      excess -= row.size;
    }
    if (chosen.length === 0) break;
    removeCalls(sqlite, chosen, "bytes", nowMs);
    report.removedCalls += chosen.length;
  }
  report.removedTombstones += sqlite
    .prepare("DELETE FROM tombstones WHERE removed_at_ms < ?")
    .run(nowMs - retention.tombstoneMaxAgeMs).changes;
  report.removedTombstones += sqlite
    .prepare(
      "DELETE FROM tombstones WHERE record_id IN (SELECT record_id FROM tombstones ORDER BY removed_at_ms DESC, record_id DESC LIMIT -1 OFFSET ?)",
    )
    .run(retention.maxTombstones).changes;
  return report;
}

interface RemovableRow {
  row_id: number;
  invocation_record_id: string;
  result_record_id: string;
  conversation_id: string;
  scope_conversation_id: string;
  run_id: string;
  tool_call_id: string;
  isolated: number;
}

function removeCalls(
  sqlite: Database.Database,
  rows: readonly RemovableRow[],
  reason: TombstoneReason,
  nowMs: number,
) {
  const tombstone = sqlite.prepare(
    "INSERT OR REPLACE INTO tombstones (record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, isolated, reason, removed_at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const deleteCall = sqlite.prepare("DELETE FROM tool_calls WHERE row_id = ?");
  const deleteText = sqlite.prepare("DELETE FROM tool_call_text WHERE rowid = ?");
  sqlite.transaction(() => {
    for (const row of rows) {
      for (const recordId of [row.invocation_record_id, row.result_record_id]) {
        tombstone.run(
          recordId,
          row.conversation_id,
          row.scope_conversation_id,
          row.run_id,
          row.tool_call_id,
          row.isolated,
          reason,
          nowMs,
        );
      }
      deleteCall.run(row.row_id);
      deleteText.run(row.row_id);
    }
  })();
}

/**
 * Closes every call without a result whose writer is gone (closed, or its process no longer alive) as
 * `interrupted` with `recovered: true`. Nothing is rerun. Returns how many calls were closed.
 */
export function recoverInterruptedCalls(
  sqlite: Database.Database,
  isProcessAlive: (pid: number) => boolean,
): number {
  const owners = sqlite.prepare("SELECT owner_id, pid, closed_at_ms FROM writer_owners").all() as {
    owner_id: string;
    pid: number;
    closed_at_ms: number | null;
  }[];
  const live = new Set(
    owners
      .filter((owner) => owner.closed_at_ms === null && isProcessAlive(owner.pid))
      .map((owner) => owner.owner_id),
  );
  const dangling = sqlite
    .prepare(
      "SELECT row_id, owner_id, conversation_id, run_id, tool_call_id, tool_name, invocation_payload, start_sequence FROM tool_calls WHERE result_record_id IS NULL",
    )
    .all() as {
    row_id: number;
    owner_id: string;
    conversation_id: string;
    run_id: string;
    tool_call_id: string;
    tool_name: string;
    invocation_payload: string;
    start_sequence: number;
  }[];
  const close = sqlite.prepare(
    `UPDATE tool_calls SET result_record_id = ?, end_sequence = start_sequence, state = 'interrupted',
       failure_kind = 'process_death', detail_code = 'recovered_after_process_exit', recovered = 1,
       result_payload = ?, result_original_bytes = 0, result_retained_bytes = ?, result_truncated = 0
     WHERE row_id = ? AND result_record_id IS NULL`,
  );
  const text = sqlite.prepare("INSERT INTO tool_call_text (rowid, text) VALUES (?, ?)");
  let closed = 0;
  sqlite.transaction(() => {
    for (const row of dangling) {
      if (live.has(row.owner_id)) continue;
      const resultRecordId = toolRecordId("result", {
        conversationId: row.conversation_id,
        runId: row.run_id,
        toolCallId: row.tool_call_id,
      });
      const changes = close.run(
        resultRecordId,
        INTERRUPTED_PAYLOAD,
        Buffer.byteLength(INTERRUPTED_PAYLOAD),
        row.row_id,
      ).changes;
      if (changes === 0) continue;
      text.run(
        row.row_id,
        searchableText({
          toolName: row.tool_name,
          invocationPayload: row.invocation_payload,
          resultPayload: INTERRUPTED_PAYLOAD,
        }),
      );
      closed += 1;
    }
    sqlite
      .prepare(
        `DELETE FROM writer_owners WHERE owner_id NOT IN (${[...live].map(() => "?").join(",") || "''"})
           AND owner_id NOT IN (SELECT DISTINCT owner_id FROM tool_calls WHERE result_record_id IS NULL)`,
      )
      .run(...live);
  })();
  return closed;
}

/**
 * Clears a logical session: every call and tombstone of every daily bucket of `conversationId`'s
 * logical conversation. Returns how many calls were removed.
 */
export function resetConversation(sqlite: Database.Database, conversationId: string): number {
  const scope = withoutRolloverBucket(conversationId);
  return sqlite.transaction(() => {
    sqlite
      .prepare(
        "DELETE FROM tool_call_text WHERE rowid IN (SELECT row_id FROM tool_calls WHERE scope_conversation_id = ?)",
      )
      .run(scope);
    const removed = sqlite
      .prepare("DELETE FROM tool_calls WHERE scope_conversation_id = ?")
      .run(scope).changes;
    sqlite.prepare("DELETE FROM tombstones WHERE scope_conversation_id = ?").run(scope);
    return removed;
  })();
}
