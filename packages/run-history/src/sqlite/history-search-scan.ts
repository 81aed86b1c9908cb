import { and, desc, type SQL } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { RunSearchFields } from "../history-search-fields.js";
import { isRunStatus } from "../run-status.js";
import { runs } from "./run-store-schema.js";

/**
 * Search fields of the runs matching `filter`, newest first (`updatedAt`, then run id), at most
 * `limit`: one indexed scan that reads ten columns and parses no JSON.
 */
export function scanRunSearchFields(
  db: BetterSQLite3Database,
  filter: SQL | undefined,
  limit: number,
): RunSearchFields[] {
  const rows = db
    .select({
      runId: runs.runId,
      status: runs.status,
      startedAtMs: runs.startedAtMs,
      endedAtMs: runs.endedAtMs,
      model: runs.model,
      effort: runs.effort,
      source: runs.source,
      sourceDetail: runs.sourceDetail,
      failureKind: runs.failureKind,
      userInput: runs.userInput,
    })
    .from(runs)
    .where(and(filter))
    .orderBy(desc(runs.updatedAtMs), desc(runs.runId))
    .limit(limit)
    .all();
  return rows.map((row) => {
    const fields: RunSearchFields = {
      runId: row.runId,
      status: isRunStatus(row.status) ? row.status : "failed",
      startedAtMs: row.startedAtMs,
      model: row.model,
      source: row.source,
      userInput: row.userInput,
    };
    if (row.endedAtMs !== null) fields.endedAtMs = row.endedAtMs;
    if (row.effort !== null) fields.effort = row.effort;
    if (row.sourceDetail !== null) fields.sourceDetail = row.sourceDetail;
    if (row.failureKind !== null) fields.failureKind = row.failureKind;
    return fields;
  });
}
