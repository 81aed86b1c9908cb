import type Database from "better-sqlite3";
import { ContinuationError } from "../continuation-error.js";
import {
  CAPTURED_TEXT_MAX_AGE_MS_DEFAULT,
  CAPTURED_TEXT_MAX_RECORDS_DEFAULT,
  TERMINAL_MAX_AGE_MS_DEFAULT,
  TERMINAL_MAX_RECORDS_DEFAULT,
} from "../continuation-limits.js";
import { TERMINAL_STATES } from "../continuation-states.js";
import { type RetentionReport, writeRetentionReport } from "./retention-report.js";

/** How long finished records and captured text are kept (`continuations.retention`, reference §7.1). */
export interface RetentionPolicy {
  terminalMaxRecords: number;
  terminalMaxAgeMs: number;
  capturedTextMaxRecords: number;
  capturedTextMaxAgeMs: number;
}

/** The reference §7.1 defaults. */
export const RETENTION_DEFAULTS: Readonly<RetentionPolicy> = {
  terminalMaxRecords: TERMINAL_MAX_RECORDS_DEFAULT,
  terminalMaxAgeMs: TERMINAL_MAX_AGE_MS_DEFAULT,
  capturedTextMaxRecords: CAPTURED_TEXT_MAX_RECORDS_DEFAULT,
  capturedTextMaxAgeMs: CAPTURED_TEXT_MAX_AGE_MS_DEFAULT,
};

/** What one sweep removed. */
export interface RetentionSweep {
  /** Finished records deleted (past `terminalMaxAgeMs`, or the oldest past `terminalMaxRecords`). */
  deletedRecords: number;
  /** Captured texts removed from their records (past `capturedTextMaxAgeMs` or `capturedTextMaxRecords`). */
  scrubbedCapturedTexts: number;
  /** Origin-context snapshots released because no record can still synthesize from them. */
  releasedOriginContexts: number;
}

/** A policy with every field a positive safe integer, or `invalid_argument` naming the field. */
export function checkRetentionPolicy(policy: Partial<RetentionPolicy> = {}): RetentionPolicy {
  const checked = { ...RETENTION_DEFAULTS, ...policy };
  for (const [key, value] of Object.entries(checked))
    if (!Number.isSafeInteger(value) || value < 1)
      throw new ContinuationError(
        "invalid_argument",
        `retention.${key} must be a positive whole number; received ${value}`,
      );
  return checked;
}

const TERMINAL = TERMINAL_STATES.map((state) => `'${state}'`).join(", ");
/** Settled for good: nothing left to synthesize or deliver (an operator may still retry the others). */
const SETTLED = "'delivered', 'expired', 'cancelled'";

/**
 * One retention sweep, in one `BEGIN IMMEDIATE` transaction (never touching an active record, nor one
 * under a live lease). It takes the store's write lock before it reads anything, so an operator action
 * from another process (one conditional `UPDATE … WHERE state = …`) lands wholly before or wholly after
 * it: a record retried back to a live state is no longer finished and is kept; a record the sweep
 * removed makes the action fail with `unknown_continuation`. Every delete is itself guarded by state,
 * lease and `updated_at_ms`, never by a list of ids read earlier.
 * 1. finished records older than `terminalMaxAgeMs` (since they last changed) are deleted;
 * 2. past `terminalMaxRecords`, the oldest finished records are deleted, settled ones
 *    (delivered, expired, cancelled) before those an operator may still act on
 *    (delivery_unknown, dead_lettered);
 * 3. captured text older than `capturedTextMaxAgeMs`, or beyond the newest `capturedTextMaxRecords`,
 *    is scrubbed (the record stays; its receipt gets `textScrubbedAt`);
 * 4. settled records drop their origin-context reference (`scrubbed`), and snapshots no record refers
 *    to are deleted (freeing the 256 MiB quota);
 * 5. the report replaces the store's last sweep (`last_retention_sweep`), in the same transaction.
 */
export function sweepRetentionRows(
  sqlite: Database.Database,
  policy: RetentionPolicy,
  now: number,
): RetentionReport {
  const unleased = "(lease_owner IS NULL OR lease_expires_at_ms < @now)";
  return sqlite
    .transaction((): RetentionReport => {
      let deletedRecords = sqlite
        .prepare(
          `DELETE FROM continuations WHERE state IN (${TERMINAL}) AND ${unleased} AND updated_at_ms < @cutoff`,
        )
        .run({ now, cutoff: now - policy.terminalMaxAgeMs }).changes;
      const terminal = sqlite
        .prepare(`SELECT count(*) AS value FROM continuations WHERE state IN (${TERMINAL})`)
        .get() as { value: number };
      const excess = terminal.value - policy.terminalMaxRecords;
      if (excess > 0)
        deletedRecords += sqlite
          .prepare(
            `DELETE FROM continuations WHERE continuation_id IN (
             SELECT continuation_id FROM continuations WHERE state IN (${TERMINAL}) AND ${unleased}
             ORDER BY state IN ('delivery_unknown', 'dead_lettered'), updated_at_ms, continuation_id
             LIMIT @excess)`,
          )
          .run({ now, excess }).changes;
      const scrubbedCapturedTexts = sqlite
        .prepare(
          `UPDATE continuations
           SET synthesized_text = NULL,
               receipt_json = json_set(coalesce(receipt_json, '{}'), '$.textScrubbedAt', @at)
         WHERE continuation_id IN (
           SELECT continuation_id FROM continuations
            WHERE mode = 'capture' AND state = 'delivered' AND synthesized_text IS NOT NULL
              AND (updated_at_ms < @cutoff OR continuation_id NOT IN (
                SELECT continuation_id FROM continuations
                 WHERE mode = 'capture' AND state = 'delivered' AND synthesized_text IS NOT NULL
                 ORDER BY updated_at_ms DESC, continuation_id DESC LIMIT @keep)))`,
        )
        .run({
          at: new Date(now).toISOString(),
          cutoff: now - policy.capturedTextMaxAgeMs,
          keep: policy.capturedTextMaxRecords,
        }).changes;
      sqlite
        .prepare(
          `UPDATE continuations SET origin_context_state = 'scrubbed', origin_context_hash = NULL
          WHERE state IN (${SETTLED}) AND origin_context_hash IS NOT NULL`,
        )
        .run();
      const releasedOriginContexts = sqlite
        .prepare(
          `DELETE FROM origin_contexts WHERE context_hash NOT IN (
           SELECT origin_context_hash FROM continuations WHERE origin_context_hash IS NOT NULL)`,
        )
        .run().changes;
      const report: RetentionReport = {
        deletedRecords,
        scrubbedCapturedTexts,
        releasedOriginContexts,
        sweptAt: new Date(now).toISOString(),
      };
      writeRetentionReport(sqlite, report);
      return report;
    })
    .immediate();
}
