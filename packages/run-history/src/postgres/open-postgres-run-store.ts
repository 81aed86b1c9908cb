import { fileURLToPath } from "node:url";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type pg from "pg";
import { RunHistoryError } from "../run-history-error.js";
import { assertConversationId, assertRunId, logicalConversationId, rolloverBucket } from "../run-ids.js";
import { RUN_LIST_DEFAULT_LIMIT, RUN_LIST_MAX_LIMIT } from "../run-record-limits.js";
import type { RunStore, SettledRunsQuery, SettledRunsSince } from "../run-store.js";
import { privateFieldsToRow, rowToPrivateFields } from "../sqlite/private-fields-row.js";
import { bind, runFilter, type SqlParts, whereOf } from "./postgres-run-filter.js";
import {
  pgRowToSummary,
  SEARCH_SELECT,
  SUMMARY_SELECT,
  searchFieldsFromPgRow,
  settledFieldsFromPgRow,
} from "./postgres-run-rows.js";
import { bumpCounter, completionParams, numberSettled } from "./postgres-run-writes.js";

/** The run store's PostgreSQL migrations (drizzle-kit output beside dist/): `runs`, private fields, counters, `run_events`. */
export const RUN_STORE_POSTGRES_MIGRATIONS = {
  store: "runs",
  migrationsFolder: fileURLToPath(new URL("../../drizzle-postgres", import.meta.url)),
} as const;

/** Most (and default) rows of {@link RunStore.scanRunSearchFields}, as on SQLite. */
const SEARCH_SCAN_MAX = 1_000_000;
/** Most ids of one {@link RunStore.getRunSearchFields} call, as on SQLite. */
const SEARCH_FIELDS_BY_ID_MAX = 1_000;
/** Running runs {@link RunStore.listRunningRuns} returns when no limit is given. */
const RUNNING_LIST_DEFAULT_LIMIT = 1_000;

/** Options of {@link openPostgresRunStore}. */
export interface OpenPostgresRunStoreOptions {
  /** A pool whose schema has {@link RUN_STORE_POSTGRES_MIGRATIONS} applied; it stays the caller's. */
  postgres: PostgresPool;
}

/** A {@link RunStore} in PostgreSQL, with the pool it uses. */
export interface PostgresRunStore extends RunStore {
  readonly postgres: PostgresPool;
}

function checkLimit(limit: number | undefined, fallback: number, max = RUN_LIST_MAX_LIMIT): number {
  const value = limit ?? fallback;
  if (!Number.isSafeInteger(value) || value < 1 || value > max)
    throw new RunHistoryError(
      "invalid_argument",
      `limit must be an integer from 1 to ${max}; received ${String(limit)}.`,
    );
  return value;
}

/**
 * Opens the run store on PostgreSQL, shared by every host on the database: the same contract as the SQLite
 * store (keyset paging, logical conversations, settled-run counters, retention, status-guarded writes).
 * Settle numbers and the deletion counter are kept by the store in the same transaction as the change.
 * Errors are `store_failed` naming the database (password hidden); argument errors are as on SQLite.
 */
export function openPostgresRunStore(options: OpenPostgresRunStoreOptions): PostgresRunStore {
  const { postgres } = options;
  const { pool } = postgres;
  let closed = false;
  const where = `(${postgres.displayUrl}, schema ${postgres.schema})`;
  const guarded = async <T>(action: string, work: () => Promise<T>): Promise<T> => {
    try {
      if (closed) throw new Error("the store is closed");
      return await work();
    } catch (error) {
      if (RunHistoryError.isInstance(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new RunHistoryError("store_failed", `Could not ${action} ${where}: ${reason}`, { cause: error });
    }
  };
  const transaction = async <T>(work: (client: pg.PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(begin);
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };
  const searchScope = (query: SettledRunsQuery): [column: string, id: string] => {
    if (query.logicalConversationId !== undefined) {
      assertConversationId(query.logicalConversationId);
      return ["logical_conversation_id", logicalConversationId(query.logicalConversationId)];
    }
    if (query.conversationId !== undefined) {
      assertConversationId(query.conversationId);
      return ["conversation_id", query.conversationId];
    }
    throw new RunHistoryError(
      "invalid_argument",
      "readSettledRunsSince needs a conversationId or a logicalConversationId.",
    );
  };
  const readSettled = async (query: SettledRunsQuery): Promise<SettledRunsSince> => {
    const [column, id] = searchScope(query);
    const { after } = query;
    const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
    if (after !== undefined && !(isCount(after.settled) && isCount(after.deleted)))
      throw new RunHistoryError(
        "invalid_argument",
        `after must be a position returned by readSettledRunsSince ({ settled, deleted }: counts from 0); received ${JSON.stringify(after)}.`,
      );
    // One snapshot: the counters and the rows agree.
    return transaction(async (client) => {
      const counters = new Map(
        (
          await client.query<{ name: string; value: string }>("SELECT name, value FROM run_store_counters")
        ).rows.map((row) => [row.name, Number(row.value)]),
      );
      const position = { settled: counters.get("settled") ?? 0, deleted: counters.get("deleted") ?? 0 };
      if (!after) {
        const rows = await client.query(
          `SELECT ${SEARCH_SELECT} FROM runs WHERE ${column} = $1 AND status <> 'running'
           ORDER BY updated_at_ms, run_id LIMIT ${SEARCH_SCAN_MAX}`,
          [id],
        );
        return { position, runs: rows.rows.map(settledFieldsFromPgRow) };
      }
      const rows = await client.query(
        `SELECT ${SEARCH_SELECT} FROM runs WHERE ${column} = $1 AND settled_sequence > $2 AND status <> 'running'
         ORDER BY settled_sequence`,
        [id, after.settled],
      );
      const runs = rows.rows.map(settledFieldsFromPgRow);
      if (position.deleted === after.deleted) return { position, runs };
      const ids = await client.query<{ run_id: string }>(
        `SELECT run_id FROM runs WHERE ${column} = $1 AND settled_sequence > 0`,
        [id],
      );
      return { position, runs, remainingRunIds: ids.rows.map((row) => row.run_id) };
    }, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
  };
  const listFiltered = (parts: SqlParts, select: string, suffix: string) =>
    pool.query(`SELECT ${select} FROM runs ${whereOf(parts)} ${suffix}`, parts.params);

  return {
    postgres,
    beginRun: (start) =>
      guarded("record a new run", async () => {
        assertRunId(start.runId);
        assertConversationId(start.conversationId);
        await transaction(async (client) => {
          const inserted = await client.query(
            `INSERT INTO runs (run_id, conversation_id, logical_conversation_id, rollover_bucket, status,
               started_at_ms, updated_at_ms, model, effort, source, source_detail, user_input,
               owner_pid, owner_start_token, owner_host)
             VALUES ($1, $2, $3, $4, 'running', $5, $5, $6, $7, $8, $9, $10, $11, $12, $13)
             ON CONFLICT (run_id) DO NOTHING`,
            [
              start.runId,
              start.conversationId,
              logicalConversationId(start.conversationId),
              rolloverBucket(start.conversationId) ?? null,
              start.startedAtMs,
              start.model,
              start.effort ?? null,
              start.source,
              start.sourceDetail ?? null,
              start.userInput,
              start.owner.pid,
              start.owner.startToken,
              start.owner.host,
            ],
          );
          if (inserted.rowCount !== 1)
            throw new RunHistoryError("run_exists", `Run ${start.runId} is already recorded.`);
          if (start.privateFields) {
            const row = privateFieldsToRow(start.runId, start.privateFields);
            await client.query(
              `INSERT INTO run_private_fields (run_id, system_prompt, provider_session_metadata_json, recalled_memory_json)
               VALUES ($1, $2, $3, $4)`,
              [row.runId, row.systemPrompt, row.providerSessionMetadataJson, row.recalledMemoryJson],
            );
          }
        });
      }),
    checkpointRun: (runId, progress) =>
      guarded("checkpoint a run", async () => {
        const result = await pool.query(
          `UPDATE runs SET updated_at_ms = $2, event_count = $3, events_dropped = $4, tool_call_count = $5,
             tool_error_count = $6, tools_json = $7, warnings_json = $8
           WHERE run_id = $1 AND status = 'running'`,
          [
            runId,
            progress.updatedAtMs,
            progress.eventCount,
            progress.eventsDropped,
            progress.toolCallCount,
            progress.toolErrorCount,
            JSON.stringify(progress.tools),
            JSON.stringify(progress.warnings),
          ],
        );
        return (result.rowCount ?? 0) > 0;
      }),
    completeRun: (runId, completion) =>
      guarded("settle a run", () =>
        transaction(async (client) => {
          const result = await client.query(
            `UPDATE runs SET status = $2, updated_at_ms = $3, ended_at_ms = $4, duration_ms = $5,
               model = coalesce($6, model), failure_kind = $7, error = $8, input_tokens = $9,
               output_tokens = $10, total_tokens = $11, cost_usd = $12, tool_call_count = $13,
               tool_error_count = $14, tools_json = $15, mcp_servers_used_json = $16, warnings_json = $17,
               final_output = $18, event_count = $19, events_dropped = $20
             WHERE run_id = $1 AND status = 'running' RETURNING run_id`,
            completionParams(runId, completion),
          );
          if (result.rowCount !== 1) return false;
          await numberSettled(client, [runId]);
          return true;
        }),
      ),
    getRun: (runId) =>
      guarded("read a run", async () => {
        assertRunId(runId);
        const result = await pool.query(`SELECT ${SUMMARY_SELECT} FROM runs WHERE run_id = $1`, [runId]);
        return result.rows[0] ? pgRowToSummary(result.rows[0]) : undefined;
      }),
    getRunPrivateFields: (runId) =>
      guarded("read a run's private fields", async () => {
        assertRunId(runId);
        const result = await pool.query(
          `SELECT run_id AS "runId", system_prompt AS "systemPrompt",
             provider_session_metadata_json AS "providerSessionMetadataJson", recalled_memory_json AS "recalledMemoryJson"
           FROM run_private_fields WHERE run_id = $1`,
          [runId],
        );
        return result.rows[0] ? rowToPrivateFields(result.rows[0]) : undefined;
      }),
    listRuns: (query = {}) =>
      guarded("list runs", async () => {
        const limit = checkLimit(query.limit, RUN_LIST_DEFAULT_LIMIT);
        const parts = runFilter(query);
        if (query.afterRunId !== undefined) {
          assertRunId(query.afterRunId);
          const anchorParts: SqlParts = { conditions: [...parts.conditions], params: [...parts.params] };
          anchorParts.conditions.push(`run_id = ${bind(anchorParts, query.afterRunId)}`);
          const anchor = await listFiltered(anchorParts, "updated_at_ms, run_id", "");
          const row = anchor.rows[0] as { updated_at_ms: string; run_id: string } | undefined;
          if (!row)
            throw new RunHistoryError(
              "unknown_anchor",
              `Run ${query.afterRunId} is not (or no longer) in this list; list again from the start.`,
            );
          parts.conditions.push(
            `(updated_at_ms, run_id) < (${bind(parts, row.updated_at_ms)}::bigint, ${bind(parts, row.run_id)})`,
          );
        }
        const result = await listFiltered(
          parts,
          SUMMARY_SELECT,
          `ORDER BY updated_at_ms DESC, run_id DESC LIMIT ${limit + 1}`,
        );
        return {
          runs: result.rows.slice(0, limit).map(pgRowToSummary),
          hasMore: result.rows.length > limit,
        };
      }),
    scanRunSearchFields: (query = {}) =>
      guarded("scan runs for a search", async () => {
        const limit = checkLimit(query.limit, SEARCH_SCAN_MAX, SEARCH_SCAN_MAX);
        const result = await listFiltered(
          runFilter(query),
          SEARCH_SELECT,
          `ORDER BY updated_at_ms DESC, run_id DESC LIMIT ${limit}`,
        );
        return result.rows.map(searchFieldsFromPgRow);
      }),
    listRunIds: (query) =>
      guarded("list run ids", async () => {
        const parts = runFilter({
          ...(query.conversationId !== undefined ? { conversationId: query.conversationId } : {}),
          ...(query.logicalConversationId !== undefined
            ? { logicalConversationId: query.logicalConversationId }
            : {}),
        });
        const result = await listFiltered(parts, "run_id", "ORDER BY updated_at_ms DESC, run_id DESC");
        return result.rows.map((row) => row.run_id as string);
      }),
    getRunSearchFields: (runIds) =>
      guarded("read runs for a search", async () => {
        if (runIds.length > SEARCH_FIELDS_BY_ID_MAX)
          throw new RunHistoryError(
            "invalid_argument",
            `getRunSearchFields takes at most ${SEARCH_FIELDS_BY_ID_MAX} run ids; received ${runIds.length}.`,
          );
        if (runIds.length === 0) return [];
        const result = await pool.query(`SELECT ${SEARCH_SELECT} FROM runs WHERE run_id = ANY($1::text[])`, [
          [...runIds],
        ]);
        return result.rows.map(searchFieldsFromPgRow);
      }),
    readSettledRunsSince: (query) => guarded("read settled runs for a search", () => readSettled(query)),
    countRuns: (query = {}) =>
      guarded("count runs", async () => {
        const result = await listFiltered(runFilter(query), "count(*) AS value", "");
        return Number(result.rows[0]?.value ?? 0);
      }),
    listRunningRuns: (limit) =>
      guarded("list running runs", async () => {
        const result = await pool.query(
          `SELECT run_id, owner_pid, owner_start_token, owner_host, started_at_ms, updated_at_ms FROM runs
           WHERE status = 'running' ORDER BY started_at_ms LIMIT $1`,
          [checkLimit(limit, RUNNING_LIST_DEFAULT_LIMIT)],
        );
        return result.rows.map((row) => ({
          runId: row.run_id as string,
          owner: {
            pid: row.owner_pid as number,
            startToken: row.owner_start_token as string,
            host: row.owner_host as string,
          },
          startedAtMs: Number(row.started_at_ms),
          updatedAtMs: Number(row.updated_at_ms),
        }));
      }),
    markInterrupted: (runIds, fields) =>
      guarded("mark runs interrupted", async () => {
        if (runIds.length === 0) return [];
        return transaction(async (client) => {
          const result = await client.query<{ run_id: string }>(
            `UPDATE runs SET status = 'interrupted', failure_kind = $2, error = $3, ended_at_ms = $4,
               updated_at_ms = $4, duration_ms = greatest(0, $4::bigint - started_at_ms)
             WHERE run_id = ANY($1::text[]) AND status = 'running' RETURNING run_id`,
            [[...runIds], fields.failureKind, fields.error, fields.nowMs],
          );
          const changed = result.rows.map((row) => row.run_id);
          await numberSettled(client, changed);
          return changed;
        });
      }),
    selectForRetention: (selection) =>
      guarded("select runs for retention", async () => {
        const result = await pool.query<{ run_id: string }>(
          `SELECT run_id FROM runs WHERE status <> 'running' AND (started_at_ms < $1 OR run_id NOT IN (
             SELECT run_id FROM runs WHERE status <> 'running' ORDER BY started_at_ms DESC, run_id DESC LIMIT $2))
           ORDER BY started_at_ms, run_id LIMIT $3`,
          [selection.startedBeforeMs, selection.keepNewest, selection.limit],
        );
        return result.rows.map((row) => row.run_id);
      }),
    deleteRuns: (runIds) =>
      guarded("delete runs", async () => {
        if (runIds.length === 0) return [];
        return transaction(async (client) => {
          const result = await client.query<{ run_id: string }>(
            "DELETE FROM runs WHERE run_id = ANY($1::text[]) AND status <> 'running' RETURNING run_id",
            [[...runIds]],
          );
          const deleted = result.rows.map((row) => row.run_id);
          if (deleted.length > 0) await bumpCounter(client, "deleted", deleted.length);
          return deleted;
        });
      }),
    close: async () => {
      closed = true;
    },
  };
}
