import type { PostgresPool } from "@mono-agent/storage/postgres";
import { parseRunEvents } from "../parse-run-events.js";
import type { RunEventReader } from "../run-event.js";
import type { RunEventSink } from "../run-event-sink.js";
import { RunHistoryError } from "../run-history-error.js";
import { assertRunId } from "../run-ids.js";
import { RUN_EVENTS_MAX_BYTES } from "../run-record-limits.js";

/** Rows of one multi-row INSERT (5,000 lines stay far below PostgreSQL's 65,535 bound parameters). */
const INSERT_ROWS_MAX = 5_000;

function failure(action: string, postgres: PostgresPool, error: unknown): RunHistoryError {
  const reason = error instanceof Error ? error.message : String(error);
  return new RunHistoryError(
    "store_failed",
    `Could not ${action} (${postgres.displayUrl}, schema ${postgres.schema}): ${reason}`,
    { cause: error },
  );
}

/**
 * The {@link RunEventSink} of PostgreSQL mode: each write appends the run's new lines to `run_events`
 * (one multi-row INSERT per checkpoint, seq numbered from 1). The `events_dropped` note is written with
 * the final batch only. Rows cascade away with their run (retention, deletion).
 */
export function createPostgresRunEventSink(postgres: PostgresPool): RunEventSink {
  return {
    // The run's row (written next) is what makes its stream exist: nothing to prepare.
    create: async () => {},
    write: async (runId, batch) => {
      const lines = batch.lines.slice(batch.persisted, batch.count);
      if (batch.final && batch.tail !== undefined) lines.push(batch.tail);
      try {
        for (let start = 0; start < lines.length; start += INSERT_ROWS_MAX) {
          const chunk = lines.slice(start, start + INSERT_ROWS_MAX);
          const params: unknown[] = [runId];
          const values = chunk.map((line, index) => {
            params.push(batch.persisted + start + index + 1, line.endsWith("\n") ? line.slice(0, -1) : line);
            return `($1, $${params.length - 1}, $${params.length})`;
          });
          await postgres.pool.query(
            `INSERT INTO run_events (run_id, seq, json) VALUES ${values.join(", ")} ON CONFLICT (run_id, seq) DO NOTHING`,
            params,
          );
        }
      } catch (error) {
        throw failure(`write the events of run ${runId}`, postgres, error);
      }
    },
  };
}

/**
 * A {@link RunEventReader} over `run_events`: the same bounded read as an events file (16 MiB, bad lines
 * reported by number, head-tail selection). A run without a row in `runs` reads as `exists: false`.
 */
export function createPostgresRunEventReader(postgres: PostgresPool): RunEventReader {
  return async (runId, options = {}) => {
    assertRunId(runId);
    let known: boolean;
    let rows: { json: string }[];
    try {
      known = (await postgres.pool.query("SELECT 1 FROM runs WHERE run_id = $1", [runId])).rowCount === 1;
      rows = known
        ? (
            await postgres.pool.query<{ json: string }>(
              "SELECT json FROM run_events WHERE run_id = $1 ORDER BY seq",
              [runId],
            )
          ).rows
        : [];
    } catch (error) {
      throw failure(`read the events of run ${runId}`, postgres, error);
    }
    if (!known)
      return {
        runId,
        exists: false,
        events: [],
        totalEvents: 0,
        omittedEvents: 0,
        badLines: [],
        omittedBadLines: 0,
        truncatedRead: false,
      };
    let text = rows.map((row) => `${row.json}\n`).join("");
    const truncatedRead = Buffer.byteLength(text) > RUN_EVENTS_MAX_BYTES;
    if (truncatedRead) text = Buffer.from(text).subarray(0, RUN_EVENTS_MAX_BYTES).toString("utf8");
    return parseRunEvents(runId, text, { ...options, truncatedRead });
  };
}
