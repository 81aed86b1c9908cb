import type Database from "better-sqlite3";
import { and, desc, inArray, type SQL } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { RunSearchFields } from "../history-search-fields.js";
import { isRunStatus } from "../run-status.js";
import { runs } from "./run-store-schema.js";

/** Prepared scan statements kept per SQL text (one per filter shape: conversation kind, statuses, exclusions). */
const STATEMENT_CACHE_MAX = 32;
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Most ids of one {@link RunStore.getRunSearchFields} call (SQLite's bound-parameter limit is far above it). */
export const SEARCH_FIELDS_BY_ID_MAX = 1_000;

/**
 * Search fields of the runs matching `filter`, newest first (`updatedAt`, then run id), at most
 * `limit`: one indexed scan that reads ten columns as raw rows and parses no JSON.
 */
export function scanRunSearchFields(
  db: BetterSQLite3Database,
  sqlite: Database.Database,
  filter: SQL | undefined,
  limit: number,
): RunSearchFields[] {
  const query = searchFieldsQuery(db)
    .where(and(filter))
    .orderBy(desc(runs.updatedAtMs), desc(runs.runId))
    .limit(limit)
    .toSQL();
  return (prepared(sqlite, query.sql).all(...(query.params as unknown[])) as unknown[][]).map(
    searchFieldsFromRow,
  );
}

/** Search fields of the runs with these ids (unknown ids left out). */
export function runSearchFieldsById(
  db: BetterSQLite3Database,
  sqlite: Database.Database,
  runIds: readonly string[],
): RunSearchFields[] {
  if (runIds.length === 0) return [];
  const query = searchFieldsQuery(db)
    .where(inArray(runs.runId, [...runIds]))
    .toSQL();
  return (prepared(sqlite, query.sql).all(...(query.params as unknown[])) as unknown[][]).map(
    searchFieldsFromRow,
  );
}

/** Ids of the runs matching `filter`, newest first: an index-only read of `runs_*_conversation_updated`. */
export function scanRunIds(
  db: BetterSQLite3Database,
  sqlite: Database.Database,
  filter: SQL | undefined,
): string[] {
  const query = db
    .select({ runId: runs.runId })
    .from(runs)
    .where(and(filter))
    .orderBy(desc(runs.updatedAtMs), desc(runs.runId))
    .toSQL();
  return prepared(sqlite, query.sql, true).all(...(query.params as unknown[])) as string[];
}

function searchFieldsQuery(db: BetterSQLite3Database) {
  return db
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
    .$dynamic();
}

function prepared(sqlite: Database.Database, sql: string, pluck = false): Database.Statement {
  let cache = statements.get(sqlite);
  if (!cache) {
    cache = new Map();
    statements.set(sqlite, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= STATEMENT_CACHE_MAX) cache.clear();
    statement = pluck ? sqlite.prepare(sql).pluck(true) : sqlite.prepare(sql).raw(true);
    cache.set(sql, statement);
  }
  return statement;
}

/** A raw row of the ten search-field columns (run_id, status, started_at_ms, ended_at_ms, model, effort, source, source_detail, failure_kind, user_input) as {@link RunSearchFields}. */
export function searchFieldsFromRow(raw: unknown[]): RunSearchFields {
  const row = raw as [
    string,
    string,
    number,
    number | null,
    string,
    string | null,
    string,
    string | null,
    string | null,
    string,
  ];
  const run: RunSearchFields = {
    runId: row[0],
    status: isRunStatus(row[1]) ? row[1] : "failed",
    startedAtMs: row[2],
    model: row[4],
    source: row[6],
    userInput: row[9],
  };
  if (row[3] !== null) run.endedAtMs = row[3];
  if (row[5] !== null) run.effort = row[5];
  if (row[7] !== null) run.sourceDetail = row[7];
  if (row[8] !== null) run.failureKind = row[8];
  return run;
}
