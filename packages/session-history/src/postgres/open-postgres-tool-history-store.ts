import { fileURLToPath } from "node:url";
import { processAlive } from "@mono-agent/storage/node";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import {
  and,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  lte,
  not,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { type SessionScope, withoutRolloverBucket } from "../conversation-scope.js";
import { type ResolvedRetention, type RetentionOptions, resolveRetention } from "../retention-options.js";
import { SessionHistoryError } from "../session-history-error.js";
import type { CallSearchQuery, SessionHistoryStore } from "../session-history-store.js";
import { rowToRecord, rowToSummary } from "../sqlite/tool-call-row.js";
import type { RetentionReport } from "../sqlite/tool-history-maintenance.js";
import type { ToolLifecycleWrite } from "../tool-lifecycle-write.js";
import type { Tombstone, ToolCallSummary, ToolRecord } from "../tool-record.js";
import {
  applyPostgresRetention,
  recoverPostgresInterruptedCalls,
  resetPostgresConversation,
} from "./postgres-tool-history-maintenance.js";
import { type BatchOutcome, writeBatchStatements } from "./postgres-tool-history-writes.js";
import { containsPattern } from "./search-text.js";
import { pgTombstones, pgToolCalls, pgWriterOwners } from "./tool-history-schema-postgres.js";

/** The sidecar's PostgreSQL migrations (drizzle-kit output beside dist/), for `migratePostgres`. */
export const SESSION_HISTORY_POSTGRES_MIGRATIONS = {
  store: "session_history",
  migrationsFolder: fileURLToPath(new URL("../../drizzle-postgres", import.meta.url)),
} as const;

/** Maintenance ceiling of one retention pass on PostgreSQL, in ms (as SQLite's `MAINTENANCE_CEILING_MS`). */
export const POSTGRES_MAINTENANCE_CEILING_MS = 2_000;

/** Options of {@link openPostgresToolHistoryStore}. */
export interface OpenPostgresToolHistoryStoreOptions {
  /** A pool whose schema has {@link SESSION_HISTORY_POSTGRES_MIGRATIONS} applied; it stays the caller's. */
  postgres: PostgresPool;
  /** `<artifacts.dir>/tool-output` of this host: artifact references are accepted and rechecked beneath it. */
  toolOutputRoot?: string;
  /** Retention bounds (SPEC §5 defaults), applied to the whole shared store. */
  retention?: RetentionOptions;
}

/** The shared PostgreSQL sidecar: the SessionHistory read side plus batch writes, recovery, retention and reset. */
export interface PostgresToolHistoryStore extends SessionHistoryStore {
  readonly retention: ResolvedRetention;
  /** Registers a writer of `host` (one per open writer) so its unfinished calls are known to be alive. */
  registerOwner(ownerId: string, host: string, pid: number, nowMs: number): Promise<void>;
  /** Marks a writer closed: its unfinished calls are recovered by the next {@link recoverInterrupted}. */
  closeOwner(ownerId: string, nowMs: number): Promise<void>;
  /** Writes a batch with one multi-row statement per phase (each its own commit); each write gets its own outcome. */
  writeBatch(writes: readonly ToolLifecycleWrite[], ownerId: string): Promise<BatchOutcome[]>;
  /**
   * Closes unfinished calls as `interrupted` (never reruns) when their writer was closed, or ran on
   * `host` in a process no longer alive (another host's processes cannot be checked). Returns how many.
   */
  recoverInterrupted(host: string, isProcessAlive?: (pid: number) => boolean): Promise<number>;
  /** One bounded retention pass; a pass already running on another host makes this one a no-op. */
  applyRetention(nowMs?: number, ceilingMs?: number): Promise<RetentionReport>;
  /** Clears every call and tombstone of every bucket of the logical session; returns calls removed. */
  resetConversation(conversationId: string): Promise<number>;
  /** Completed calls of a scope, newest first (for the cold reseed). */
  listCompletedCalls(scope: SessionScope, limit: number): Promise<ToolCallSummary[]>;
}

const { searchText: _searchText, ...rowColumns } = getTableColumns(pgToolCalls);

/** Opens the store over a migrated pool (nothing is connected until the first query). */
export function openPostgresToolHistoryStore(
  options: OpenPostgresToolHistoryStoreOptions,
): PostgresToolHistoryStore {
  const { postgres, toolOutputRoot } = options;
  const retention = resolveRetention(options.retention);
  const db: NodePgDatabase = drizzle(postgres.pool);
  const where = `in ${postgres.displayUrl} (schema ${postgres.schema})`;
  const guarded = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (SessionHistoryError.isInstance(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new SessionHistoryError("store_failed", `Could not ${what} ${where}: ${reason}`, {
        cause: error,
      });
    }
  };
  const findTombstone = async (scope: SessionScope, condition: SQL): Promise<Tombstone | undefined> => {
    const [row] = await db
      .select()
      .from(pgTombstones)
      .where(and(tombstoneScopeWhere(scope), condition))
      .orderBy(desc(pgTombstones.removedAtMs))
      .limit(1);
    return row
      ? { recordId: row.recordId, reason: row.reason as Tombstone["reason"], removedAtMs: row.removedAtMs }
      : undefined;
  };
  const findRow = async (scope: SessionScope, condition: SQL) =>
    (
      await db
        .select(rowColumns)
        .from(pgToolCalls)
        .where(and(scopeWhere(scope), condition))
        .limit(1)
    )[0];
  const searchRows = (query: CallSearchQuery) =>
    db
      .select(rowColumns)
      .from(pgToolCalls)
      .where(searchWhere(query))
      .orderBy(
        desc(pgToolCalls.runStartedAtMs),
        desc(pgToolCalls.runId),
        desc(pgToolCalls.startSequence),
        desc(pgToolCalls.toolCallId),
        desc(pgToolCalls.invocationRecordId),
      )
      .limit(query.limit);
  const list = (query: CallSearchQuery) =>
    guarded("read tool calls", async () =>
      (await searchRows(query)).map((row) => rowToSummary(row, toolOutputRoot)),
    );
  return {
    retention,
    searchCalls: list,
    getRecord: (scope, recordId) =>
      guarded("read a tool record", async (): Promise<ToolRecord | Tombstone | undefined> => {
        const row = await findRow(
          scope,
          or(eq(pgToolCalls.invocationRecordId, recordId), eq(pgToolCalls.resultRecordId, recordId))!,
        );
        if (row)
          return rowToRecord(row, row.resultRecordId === recordId ? "result" : "invocation", toolOutputRoot);
        return findTombstone(scope, eq(pgTombstones.recordId, recordId));
      }),
    newestRecordForToolCall: (scope, toolCallId) =>
      guarded("read a tool record", async (): Promise<ToolRecord | Tombstone | undefined> => {
        const [row] = await db
          .select(rowColumns)
          .from(pgToolCalls)
          .where(
            and(
              scopeWhere(scope),
              eq(pgToolCalls.toolCallId, toolCallId),
              isNotNull(pgToolCalls.resultRecordId),
            ),
          )
          .orderBy(desc(pgToolCalls.runStartedAtMs), desc(pgToolCalls.endedAtMs), desc(pgToolCalls.rowId))
          .limit(1);
        if (row) return rowToRecord(row, "result", toolOutputRoot);
        return findTombstone(scope, eq(pgTombstones.toolCallId, toolCallId));
      }),
    getCall: (scope, recordId) =>
      guarded("read a tool call", async () => {
        const row = await findRow(scope, eq(pgToolCalls.invocationRecordId, recordId));
        return row ? rowToSummary(row, toolOutputRoot) : undefined;
      }),
    registerOwner: (ownerId, host, pid, nowMs) =>
      guarded("register a writer", async () => {
        await db
          .insert(pgWriterOwners)
          .values({ ownerId, host, pid, startedAtMs: nowMs })
          .onConflictDoNothing();
      }),
    closeOwner: (ownerId, nowMs) =>
      guarded("close a writer", async () => {
        await db.update(pgWriterOwners).set({ closedAtMs: nowMs }).where(eq(pgWriterOwners.ownerId, ownerId));
      }),
    writeBatch: (writes, ownerId) =>
      guarded("write tool records", () =>
        writeBatchStatements(postgres.pool, writes, ownerId, toolOutputRoot),
      ),
    recoverInterrupted: (host, isProcessAlive = processAlive) =>
      guarded("recover interrupted calls", () =>
        recoverPostgresInterruptedCalls(postgres.pool, host, isProcessAlive),
      ),
    applyRetention: (nowMs = Date.now(), ceilingMs = POSTGRES_MAINTENANCE_CEILING_MS) =>
      guarded("apply retention", () =>
        applyPostgresRetention(postgres, retention, nowMs, performance.now() + ceilingMs),
      ),
    resetConversation: (conversationId) =>
      guarded("reset a conversation", () => resetPostgresConversation(postgres.pool, conversationId)),
    listCompletedCalls: (scope, limit) => list({ scope, terms: [], limit }),
  };
}

/** Rows visible in a scope: the logical session, minus the exact active (conversation, run), isolation. */
function scopeWhere(scope: SessionScope): SQL {
  return and(
    eq(pgToolCalls.scopeConversationId, withoutRolloverBucket(scope.conversationId)),
    scope.rollover === "daily" ? undefined : eq(pgToolCalls.conversationId, scope.conversationId),
    not(and(eq(pgToolCalls.conversationId, scope.conversationId), eq(pgToolCalls.runId, scope.runId))!),
    scope.includeIsolated ? undefined : eq(pgToolCalls.isolated, false),
  )!;
}

function tombstoneScopeWhere(scope: SessionScope): SQL {
  return and(
    eq(pgTombstones.scopeConversationId, withoutRolloverBucket(scope.conversationId)),
    scope.rollover === "daily" ? undefined : eq(pgTombstones.conversationId, scope.conversationId),
    not(and(eq(pgTombstones.conversationId, scope.conversationId), eq(pgTombstones.runId, scope.runId))!),
    scope.includeIsolated ? undefined : eq(pgTombstones.isolated, false),
  )!;
}

function searchWhere(query: CallSearchQuery): SQL {
  const conditions: (SQL | undefined)[] = [scopeWhere(query.scope), isNotNull(pgToolCalls.resultRecordId)];
  if (query.tools?.length) conditions.push(inArray(pgToolCalls.toolName, [...query.tools]));
  if (query.states?.length) conditions.push(inArray(pgToolCalls.state, [...query.states]));
  if (query.runIds?.length) conditions.push(inArray(pgToolCalls.runId, [...query.runIds]));
  if (query.fromMs !== undefined) conditions.push(gte(pgToolCalls.startedAtMs, query.fromMs));
  if (query.toMs !== undefined) conditions.push(lte(pgToolCalls.startedAtMs, query.toMs));
  for (const term of query.terms)
    conditions.push(sql`${pgToolCalls.searchText} LIKE ${containsPattern(term)} ESCAPE '\\'`);
  const before = query.before;
  if (before) {
    conditions.push(
      sql`(${pgToolCalls.runStartedAtMs}, ${pgToolCalls.runId}, ${pgToolCalls.startSequence}, ${pgToolCalls.toolCallId}, ${pgToolCalls.invocationRecordId}) < (${before.runStartedAtMs}::bigint, ${before.runId}::text, ${before.startSequence}::integer, ${before.toolCallId}::text, ${before.recordId}::text)`,
    );
  }
  return and(...conditions)!;
}
