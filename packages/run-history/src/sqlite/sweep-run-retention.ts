import { rm } from "node:fs/promises";
import { RunHistoryError } from "../run-history-error.js";
import { DAY_MS, RETENTION_BATCH_SIZE } from "../run-record-limits.js";
import type { RunStore } from "../run-store.js";
import { runEventsFile, runToolOutputDir } from "./run-artifact-paths.js";

/** Options of {@link sweepRunRetention}: `artifacts.retention` of the config. */
export interface RunRetentionOptions {
  store: RunStore;
  artifactsDir: string;
  /** Settled runs started more than this many days ago are removed (1..3650; config default 365). */
  maxAgeDays: number;
  /** At most this many settled runs are kept, newest by start (1..1,000,000; config default 50,000). */
  maxCount: number;
  /** Report what would be removed without removing anything. */
  dryRun?: boolean;
  /** Clock in Unix milliseconds; default `Date.now`. */
  now?: () => number;
  /** Called after each batch with the runs removed (or selected, dry run) so far. */
  onProgress?: (done: number) => void;
}

/** What a retention sweep did (or, dry run, would do). */
export interface RunRetentionReport {
  dryRun: boolean;
  /** Runs removed (dry run: that would be removed), oldest first; ids listed up to 1,000. */
  runIds: string[];
  count: number;
}

/** Run ids listed in a retention report; the count covers the rest. */
const REPORT_MAX_IDS = 1_000;

function checkRange(name: string, value: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw new RunHistoryError(
      "invalid_argument",
      `${name} must be an integer from 1 to ${max}; received ${value}.`,
    );
}

/**
 * Removes settled runs past `maxAgeDays` or beyond the newest `maxCount`: first each run's events
 * file and `tool-output/<runId>/` folder, then its row (so an interrupted sweep is finished by the
 * next one). A `running` run is never selected nor deleted and does not count toward `maxCount`.
 * Works in batches of 500, yielding between them.
 */
export async function sweepRunRetention(options: RunRetentionOptions): Promise<RunRetentionReport> {
  checkRange("maxAgeDays", options.maxAgeDays, 3_650);
  checkRange("maxCount", options.maxCount, 1_000_000);
  const dryRun = options.dryRun === true;
  const selection = {
    startedBeforeMs: (options.now ?? Date.now)() - options.maxAgeDays * DAY_MS,
    keepNewest: options.maxCount,
  };
  const report: RunRetentionReport = { dryRun, runIds: [], count: 0 };
  const note = (ids: readonly string[]) => {
    report.count += ids.length;
    for (const id of ids) if (report.runIds.length < REPORT_MAX_IDS) report.runIds.push(id);
    options.onProgress?.(report.count);
  };
  if (dryRun) {
    // Selection is stable without deletions, so a dry run reads every candidate in one bounded query.
    note(await options.store.selectForRetention({ ...selection, limit: 1_000_000 }));
    return report;
  }
  for (;;) {
    const batch = await options.store.selectForRetention({ ...selection, limit: RETENTION_BATCH_SIZE });
    if (batch.length === 0) return report;
    for (const runId of batch) {
      await rm(runEventsFile(options.artifactsDir, runId), { force: true });
      await rm(runToolOutputDir(options.artifactsDir, runId), { recursive: true, force: true });
    }
    const deleted = await options.store.deleteRuns(batch);
    note(deleted);
    if (deleted.length === 0) return report;
    await new Promise((resolveYield) => setImmediate(resolveYield));
  }
}
