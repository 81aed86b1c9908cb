import { resolve } from "node:path";
import { openSqliteDatabase } from "@mono-agent/storage/sqlite";
import type Database from "better-sqlite3";
import { and, asc, count, desc, eq, inArray, lt, ne, notInArray, or, type SQL, sql } from "drizzle-orm";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { RunHistoryError } from "../run-history-error.js";
import { assertConversationId, assertRunId, logicalConversationId, rolloverBucket } from "../run-ids.js";
import { RUN_LIST_DEFAULT_LIMIT, RUN_LIST_MAX_LIMIT } from "../run-record-limits.js";
import { isRunStatus } from "../run-status.js";
import type { ListRunsQuery, RunStore } from "../run-store.js";
import {
  runSearchFieldsById,
  SEARCH_FIELDS_BY_ID_MAX,
  scanRunIds,
  scanRunSearchFields,
} from "./history-search-scan.js";
import { privateFieldsToRow, rowToPrivateFields } from "./private-fields-row.js";
import { rowToSummary } from "./run-row.js";
import { applyMigrations, storeFailure } from "./run-store-migrations.js";
import { runPrivateFields, runs } from "./run-store-schema.js";
import { readSettledRunsSince } from "./settled-runs-since.js";
import { summaryColumns } from "./summary-columns.js";

/**
 * How long a writer waits for another process's write lock (SQLite busy_timeout). Every write is one
 * small statement or transaction, so 5 s only runs out when another process is stuck.
 */
export const RUN_STORE_BUSY_TIMEOUT_MS = 5_000;

/** Most (and default) rows of {@link RunStore.scanRunSearchFields}: the largest retention maxCount (reference §4.1). */
const SEARCH_SCAN_DEFAULT_LIMIT = 1_000_000;

/** Running runs {@link RunStore.listRunningRuns} returns when no limit is given. */
const RUNNING_LIST_DEFAULT_LIMIT = 1_000;

/** Options of {@link openRunStore}. */
export interface OpenRunStoreOptions {
  /** The SQLite file (e.g. `<artifacts.dir>/runs.sqlite`). Created 0600, its folder 0700, and migrated on open. */
  file: string;
  /**
   * Open an existing file for reading only (no migration, no file created): `mono-agent validate` and
   * `runs list|show`. Every write then throws `store_failed`.
   */
  readOnly?: boolean;
}

/** A {@link RunStore} over one SQLite file, with the file it opened. */
export interface SqliteRunStore extends RunStore {
  readonly file: string;
}

/**
 * Opens the run store. Several processes may open the same file (WAL mode and a busy timeout
 * serialise writes). Throws `store_failed` when the file cannot be opened or migrated (or, read-only,
 * does not exist).
 */
export function openRunStore(options: OpenRunStoreOptions): SqliteRunStore {
  const file = resolve(options.file);
  const readOnly = options.readOnly === true;
  let sqlite: Database.Database;
  try {
    // WAL + NORMAL: a commit survives a crash of the process (the case reconciliation handles); only
    // a power loss may drop the last commits. FULL would fsync on every checkpoint of every run.
    sqlite = openSqliteDatabase({
      file,
      readOnly,
      busyTimeoutMs: RUN_STORE_BUSY_TIMEOUT_MS,
      synchronous: "NORMAL",
      foreignKeys: true,
    });
  } catch (error) {
    throw storeFailure(`open the run store ${file}`, error);
  }
  const db = drizzle(sqlite);
  if (!readOnly) applyMigrations(db, sqlite, file);
  return createStore(db, sqlite, file, readOnly);
}

function checkLimit(limit: number | undefined, fallback: number): number {
  const value = limit ?? fallback;
  if (!Number.isSafeInteger(value) || value < 1 || value > RUN_LIST_MAX_LIMIT) {
    throw new RunHistoryError(
      "invalid_argument",
      `limit must be an integer from 1 to ${RUN_LIST_MAX_LIMIT}; received ${String(limit)}.`,
    );
  }
  return value;
}

function filterOf(query: Omit<ListRunsQuery, "limit" | "afterRunId">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.conversationId !== undefined) {
    assertConversationId(query.conversationId);
    conditions.push(eq(runs.conversationId, query.conversationId));
  }
  if (query.logicalConversationId !== undefined) {
    assertConversationId(query.logicalConversationId);
    conditions.push(eq(runs.logicalConversationId, logicalConversationId(query.logicalConversationId)));
  }
  if (query.statuses !== undefined) {
    for (const status of query.statuses) {
      if (!isRunStatus(status))
        throw new RunHistoryError(
          "invalid_argument",
          `status ${JSON.stringify(status)} is not one of running, succeeded, failed, cancelled, interrupted.`,
        );
    }
    conditions.push(inArray(runs.status, [...query.statuses]));
  }
  if (query.excludeRunIds !== undefined && query.excludeRunIds.length > 0)
    conditions.push(notInArray(runs.runId, [...query.excludeRunIds]));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function createStore(
  db: BetterSQLite3Database,
  sqlite: Database.Database,
  file: string,
  readOnly: boolean,
): SqliteRunStore {
  let closed = false;
  const guarded = <T>(action: string, write: boolean, work: () => T): Promise<T> => {
    try {
      if (closed) throw new Error("the store is closed");
      if (write && readOnly) throw new Error("the store was opened read-only");
      return Promise.resolve(work());
    } catch (error) {
      if (RunHistoryError.isInstance(error)) return Promise.reject(error);
      return Promise.reject(storeFailure(`${action} (${file})`, error));
    }
  };
  return {
    file,
    beginRun: (start) =>
      guarded("record a new run", true, () => {
        assertRunId(start.runId);
        assertConversationId(start.conversationId);
        db.transaction(
          (tx) => {
            const known = tx
              .select({ runId: runs.runId })
              .from(runs)
              .where(eq(runs.runId, start.runId))
              .get();
            if (known) throw new RunHistoryError("run_exists", `Run ${start.runId} is already recorded.`);
            tx.insert(runs)
              .values({
                runId: start.runId,
                conversationId: start.conversationId,
                logicalConversationId: logicalConversationId(start.conversationId),
                rolloverBucket: rolloverBucket(start.conversationId) ?? null,
                status: "running",
                startedAtMs: start.startedAtMs,
                updatedAtMs: start.startedAtMs,
                model: start.model,
                effort: start.effort ?? null,
                source: start.source,
                sourceDetail: start.sourceDetail ?? null,
                userInput: start.userInput,
                ownerPid: start.owner.pid,
                ownerStartToken: start.owner.startToken,
                ownerHost: start.owner.host,
              })
              .run();
            if (start.privateFields)
              tx.insert(runPrivateFields).values(privateFieldsToRow(start.runId, start.privateFields)).run();
            // IMMEDIATE: take the write lock first, so a second process waits (busy_timeout) instead of failing
            // with SQLITE_BUSY when this read-then-write transaction would have to upgrade its lock.
          },
          { behavior: "immediate" },
        );
      }),
    checkpointRun: (runId, progress) =>
      guarded("checkpoint a run", true, () => {
        const result = db
          .update(runs)
          .set({
            updatedAtMs: progress.updatedAtMs,
            eventCount: progress.eventCount,
            eventsDropped: progress.eventsDropped,
            toolCallCount: progress.toolCallCount,
            toolErrorCount: progress.toolErrorCount,
            toolsJson: JSON.stringify(progress.tools),
            warningsJson: JSON.stringify(progress.warnings),
          })
          .where(and(eq(runs.runId, runId), eq(runs.status, "running")))
          .run();
        return result.changes > 0;
      }),
    completeRun: (runId, completion) =>
      guarded("settle a run", true, () => {
        const result = db
          .update(runs)
          .set({
            status: completion.status,
            updatedAtMs: completion.updatedAtMs,
            endedAtMs: completion.endedAtMs,
            durationMs: completion.durationMs,
            ...(completion.model !== undefined ? { model: completion.model } : {}),
            failureKind: completion.failureKind ?? null,
            error: completion.error ?? null,
            inputTokens: completion.usage.inputTokens,
            outputTokens: completion.usage.outputTokens,
            totalTokens: completion.usage.totalTokens,
            costUsd: completion.usage.costUsd,
            toolCallCount: completion.toolCallCount,
            toolErrorCount: completion.toolErrorCount,
            toolsJson: JSON.stringify(completion.tools),
            mcpServersUsedJson: JSON.stringify(completion.mcpServersUsed),
            warningsJson: JSON.stringify(completion.warnings),
            finalOutput: completion.finalOutput ?? null,
            eventCount: completion.eventCount,
            eventsDropped: completion.eventsDropped,
          })
          .where(and(eq(runs.runId, runId), eq(runs.status, "running")))
          .run();
        return result.changes > 0;
      }),
    getRun: (runId) =>
      guarded("read a run", false, () => {
        assertRunId(runId);
        const row = db.select(summaryColumns).from(runs).where(eq(runs.runId, runId)).get();
        return row ? rowToSummary(row) : undefined;
      }),
    getRunPrivateFields: (runId) =>
      guarded("read a run's private fields", false, () => {
        assertRunId(runId);
        const row = db.select().from(runPrivateFields).where(eq(runPrivateFields.runId, runId)).get();
        return row ? rowToPrivateFields(row) : undefined;
      }),
    listRuns: (query = {}) =>
      guarded("list runs", false, () => {
        const limit = checkLimit(query.limit, RUN_LIST_DEFAULT_LIMIT);
        const filter = filterOf(query);
        let after: SQL | undefined;
        if (query.afterRunId !== undefined) {
          assertRunId(query.afterRunId);
          const anchor = db
            .select({ updatedAtMs: runs.updatedAtMs, runId: runs.runId })
            .from(runs)
            .where(and(eq(runs.runId, query.afterRunId), filter))
            .get();
          if (!anchor)
            throw new RunHistoryError(
              "unknown_anchor",
              `Run ${query.afterRunId} is not (or no longer) in this list; list again from the start.`,
            );
          after = or(
            lt(runs.updatedAtMs, anchor.updatedAtMs),
            and(eq(runs.updatedAtMs, anchor.updatedAtMs), lt(runs.runId, anchor.runId)),
          );
        }
        const rows = db
          .select(summaryColumns)
          .from(runs)
          .where(and(filter, after))
          .orderBy(desc(runs.updatedAtMs), desc(runs.runId))
          .limit(limit + 1)
          .all();
        return { runs: rows.slice(0, limit).map(rowToSummary), hasMore: rows.length > limit };
      }),
    scanRunSearchFields: (query = {}) =>
      guarded("scan runs for a search", false, () => {
        const limit = query.limit ?? SEARCH_SCAN_DEFAULT_LIMIT;
        if (!Number.isSafeInteger(limit) || limit < 1 || limit > SEARCH_SCAN_DEFAULT_LIMIT)
          throw new RunHistoryError(
            "invalid_argument",
            `limit must be an integer from 1 to ${SEARCH_SCAN_DEFAULT_LIMIT}; received ${String(query.limit)}.`,
          );
        return scanRunSearchFields(db, sqlite, filterOf(query), limit);
      }),
    listRunIds: (query) =>
      guarded("list run ids", false, () =>
        scanRunIds(
          db,
          sqlite,
          filterOf({
            ...(query.conversationId !== undefined ? { conversationId: query.conversationId } : {}),
            ...(query.logicalConversationId !== undefined
              ? { logicalConversationId: query.logicalConversationId }
              : {}),
          }),
        ),
      ),
    getRunSearchFields: (runIds) =>
      guarded("read runs for a search", false, () => {
        if (runIds.length > SEARCH_FIELDS_BY_ID_MAX)
          throw new RunHistoryError(
            "invalid_argument",
            `getRunSearchFields takes at most ${SEARCH_FIELDS_BY_ID_MAX} run ids; received ${runIds.length}.`,
          );
        return runSearchFieldsById(db, sqlite, runIds);
      }),
    readSettledRunsSince: (query) =>
      guarded("read settled runs for a search", false, () => readSettledRunsSince(sqlite, query)),
    countRuns: (query = {}) =>
      guarded("count runs", false, () => {
        const row = db.select({ value: count() }).from(runs).where(filterOf(query)).get();
        return row?.value ?? 0;
      }),
    listRunningRuns: (limit) =>
      guarded("list running runs", false, () =>
        db
          .select({
            runId: runs.runId,
            pid: runs.ownerPid,
            startToken: runs.ownerStartToken,
            host: runs.ownerHost,
            startedAtMs: runs.startedAtMs,
            updatedAtMs: runs.updatedAtMs,
          })
          .from(runs)
          .where(eq(runs.status, "running"))
          .orderBy(asc(runs.startedAtMs))
          .limit(checkLimit(limit, RUNNING_LIST_DEFAULT_LIMIT))
          .all()
          .map((row) => ({
            runId: row.runId,
            owner: { pid: row.pid, startToken: row.startToken, host: row.host },
            startedAtMs: row.startedAtMs,
            updatedAtMs: row.updatedAtMs,
          })),
      ),
    markInterrupted: (runIds, fields) =>
      guarded("mark runs interrupted", true, () => {
        if (runIds.length === 0) return [];
        return db
          .update(runs)
          .set({
            status: "interrupted",
            failureKind: fields.failureKind,
            error: fields.error,
            endedAtMs: fields.nowMs,
            updatedAtMs: fields.nowMs,
            durationMs: sql`max(0, ${fields.nowMs} - ${runs.startedAtMs})`,
          })
          .where(and(inArray(runs.runId, [...runIds]), eq(runs.status, "running")))
          .returning({ runId: runs.runId })
          .all()
          .map((row) => row.runId);
      }),
    selectForRetention: (selection) =>
      guarded("select runs for retention", false, () => {
        const settled = ne(runs.status, "running");
        const newest = db
          .select({ runId: runs.runId })
          .from(runs)
          .where(settled)
          .orderBy(desc(runs.startedAtMs), desc(runs.runId))
          .limit(selection.keepNewest);
        return db
          .select({ runId: runs.runId })
          .from(runs)
          .where(
            and(settled, or(lt(runs.startedAtMs, selection.startedBeforeMs), notInArray(runs.runId, newest))),
          )
          .orderBy(asc(runs.startedAtMs), asc(runs.runId))
          .limit(selection.limit)
          .all()
          .map((row) => row.runId);
      }),
    deleteRuns: (runIds) =>
      guarded("delete runs", true, () => {
        if (runIds.length === 0) return [];
        return db
          .delete(runs)
          .where(and(inArray(runs.runId, [...runIds]), ne(runs.status, "running")))
          .returning({ runId: runs.runId })
          .all()
          .map((row) => row.runId);
      }),
    close: async () => {
      if (closed) return;
      closed = true;
      sqlite.close();
    },
  };
}
