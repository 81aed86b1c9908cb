import type { SyncPostgres } from "@mono-agent/storage/postgres";
import { TERMINAL_STATES } from "../../continuation-states.js";
import type { RetentionReport } from "../retention-report.js";
import type { RetentionPolicy } from "../sweep-retention.js";

const TERMINAL = TERMINAL_STATES.map((state) => `'${state}'`).join(", ");
/** Settled for good: nothing left to synthesize or deliver (an operator may still retry the others). */
const SETTLED = "'delivered', 'expired', 'cancelled'";

/**
 * The retention sweep of the SQLite store (see `sweepRetentionRows`, same five steps and guards) on
 * PostgreSQL; the caller runs it in one transaction. Every delete is guarded by state and lease, so a
 * record another host is working (a live lease) or an operator retried meanwhile is kept.
 */
export function sweepPostgresRetention(
  db: SyncPostgres,
  policy: RetentionPolicy,
  now: number,
): RetentionReport {
  const unleased = "(lease_owner IS NULL OR lease_expires_at_ms < $1)";
  let deletedRecords = db.query(
    `DELETE FROM continuations WHERE state IN (${TERMINAL}) AND ${unleased} AND updated_at_ms < $2`,
    [now, now - policy.terminalMaxAgeMs],
  ).rowCount;
  const terminal =
    db.query<{ value: number }>(
      `SELECT count(*)::int AS value FROM continuations WHERE state IN (${TERMINAL})`,
    ).rows[0]?.value ?? 0;
  const excess = terminal - policy.terminalMaxRecords;
  if (excess > 0)
    deletedRecords += db.query(
      `DELETE FROM continuations WHERE continuation_id IN (
         SELECT continuation_id FROM continuations WHERE state IN (${TERMINAL}) AND ${unleased}
          ORDER BY state IN ('delivery_unknown', 'dead_lettered'), updated_at_ms, continuation_id
          LIMIT $2)`,
      [now, excess],
    ).rowCount;
  const scrubbedCapturedTexts = db.query(
    `UPDATE continuations
        SET synthesized_text = NULL,
            receipt_json = jsonb_set(coalesce(receipt_json, '{}')::jsonb, '{textScrubbedAt}', to_jsonb($1::text))::text
      WHERE continuation_id IN (
        SELECT continuation_id FROM continuations
         WHERE mode = 'capture' AND state = 'delivered' AND synthesized_text IS NOT NULL
           AND (updated_at_ms < $2 OR continuation_id NOT IN (
             SELECT continuation_id FROM continuations
              WHERE mode = 'capture' AND state = 'delivered' AND synthesized_text IS NOT NULL
              ORDER BY updated_at_ms DESC, continuation_id DESC LIMIT $3)))`,
    [new Date(now).toISOString(), now - policy.capturedTextMaxAgeMs, policy.capturedTextMaxRecords],
  ).rowCount;
  db.query(
    `UPDATE continuations SET origin_context_state = 'scrubbed', origin_context_hash = NULL
      WHERE state IN (${SETTLED}) AND origin_context_hash IS NOT NULL`,
  );
  const releasedOriginContexts = db.query(
    `DELETE FROM continuation_origin_contexts WHERE context_hash NOT IN (
       SELECT origin_context_hash FROM continuations WHERE origin_context_hash IS NOT NULL)`,
  ).rowCount;
  const report: RetentionReport = {
    deletedRecords,
    scrubbedCapturedTexts,
    releasedOriginContexts,
    sweptAt: new Date(now).toISOString(),
  };
  writePostgresRetentionReport(db, report);
  return report;
}

/** Replaces the store's last sweep with `report` (inside the sweep's transaction when it succeeded). */
export function writePostgresRetentionReport(db: SyncPostgres, report: RetentionReport): void {
  db.query(
    `INSERT INTO continuation_last_retention_sweep (slot, swept_at_ms, deleted_records, scrubbed_captured_texts,
       released_origin_contexts, error_code, error_message)
     VALUES (1, $1, $2, $3, $4, $5, $6)
     ON CONFLICT (slot) DO UPDATE SET swept_at_ms = excluded.swept_at_ms,
       deleted_records = excluded.deleted_records, scrubbed_captured_texts = excluded.scrubbed_captured_texts,
       released_origin_contexts = excluded.released_origin_contexts, error_code = excluded.error_code,
       error_message = excluded.error_message`,
    [
      Date.parse(report.sweptAt),
      report.deletedRecords,
      report.scrubbedCapturedTexts,
      report.releasedOriginContexts,
      report.error?.code ?? null,
      report.error?.message ?? null,
    ],
  );
}
