import type Database from "better-sqlite3";
import { ContinuationError } from "../continuation-error.js";
import { LAST_ERROR_MAX_CHARS } from "../continuation-limits.js";
import type { RetentionSweep } from "./sweep-retention.js";

/**
 * One retention sweep with when it ran (ISO 8601). A failed sweep removed nothing (its transaction
 * rolled back): its counts are 0 and `error` says why.
 */
export interface RetentionReport extends RetentionSweep {
  sweptAt: string;
  error?: { code: string; message: string };
}

/** The report of a sweep that failed at `now`. */
export function failedRetentionReport(error: unknown, now: number): RetentionReport {
  const message = error instanceof Error ? error.message : String(error);
  return {
    deletedRecords: 0,
    scrubbedCapturedTexts: 0,
    releasedOriginContexts: 0,
    sweptAt: new Date(now).toISOString(),
    error: {
      code: ContinuationError.isInstance(error) ? error.code : "store_failed",
      message: message.slice(0, LAST_ERROR_MAX_CHARS),
    },
  };
}

/** Replaces the store's last sweep with `report` (call inside the sweep's transaction when it succeeded). */
export function writeRetentionReport(sqlite: Database.Database, report: RetentionReport): void {
  sqlite
    .prepare(
      `INSERT INTO last_retention_sweep (slot, swept_at_ms, deleted_records, scrubbed_captured_texts,
         released_origin_contexts, error_code, error_message)
       VALUES (1, @sweptAtMs, @deletedRecords, @scrubbedCapturedTexts, @releasedOriginContexts, @errorCode, @errorMessage)
       ON CONFLICT (slot) DO UPDATE SET swept_at_ms = excluded.swept_at_ms,
         deleted_records = excluded.deleted_records, scrubbed_captured_texts = excluded.scrubbed_captured_texts,
         released_origin_contexts = excluded.released_origin_contexts, error_code = excluded.error_code,
         error_message = excluded.error_message`,
    )
    .run({
      sweptAtMs: Date.parse(report.sweptAt),
      deletedRecords: report.deletedRecords,
      scrubbedCapturedTexts: report.scrubbedCapturedTexts,
      releasedOriginContexts: report.releasedOriginContexts,
      errorCode: report.error?.code ?? null,
      errorMessage: report.error?.message ?? null,
    });
}

interface ReportRow {
  swept_at_ms: number;
  deleted_records: number;
  scrubbed_captured_texts: number;
  released_origin_contexts: number;
  error_code: string | null;
  error_message: string | null;
}

/**
 * The store's last sweep, or undefined when none has run (or the store predates the table: a
 * read-only open does not migrate).
 */
export function readRetentionReport(sqlite: Database.Database): RetentionReport | undefined {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'last_retention_sweep'")
    .get();
  if (table === undefined) return undefined;
  const row = sqlite.prepare("SELECT * FROM last_retention_sweep WHERE slot = 1").get() as
    | ReportRow
    | undefined;
  if (row === undefined) return undefined;
  return {
    deletedRecords: row.deleted_records,
    scrubbedCapturedTexts: row.scrubbed_captured_texts,
    releasedOriginContexts: row.released_origin_contexts,
    sweptAt: new Date(row.swept_at_ms).toISOString(),
    ...(row.error_code !== null ? { error: { code: row.error_code, message: row.error_message ?? "" } } : {}),
  };
}
