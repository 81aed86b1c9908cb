import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { openSyncPostgres, type SyncPostgres } from "@mono-agent/storage/postgres";
import { getTableColumns } from "drizzle-orm";
import { ContinuationError } from "../../continuation-error.js";
import {
  OPERATOR_PAGE_DEFAULT,
  OPERATOR_PAGE_MAX,
  ORIGIN_CONTEXT_QUOTA_BYTES,
} from "../../continuation-limits.js";
import { ACTIVE_STATES, CONTINUATION_STATES, type ContinuationState } from "../../continuation-states.js";
import type { OriginContextSnapshot } from "../../origin-context.js";
import { decodeCursor, encodeCursor } from "../list-cursor.js";
import type { ContinuationStore } from "../open-continuation-store.js";
import { type ContinuationRow, rowToRecord } from "../record-row.js";
import { failedRetentionReport, type RetentionReport } from "../retention-report.js";
import { STATE_SECRET_BYTES } from "../state-dir.js";
import type { RetentionPolicy } from "../sweep-retention.js";
import { pgContinuations } from "./continuation-store-schema-postgres.js";
import { sweepPostgresRetention, writePostgresRetentionReport } from "./sweep-postgres-retention.js";

/** The continuation store's PostgreSQL migrations (drizzle-kit output beside dist/, like ./drizzle). */
export const CONTINUATION_POSTGRES_MIGRATIONS = {
  store: "continuations",
  migrationsFolder: fileURLToPath(new URL("../../../drizzle-postgres", import.meta.url)),
} as const;

/** A store several hosts share: it brings the signing secret every host derives tokens from. */
export interface SharedContinuationStore extends ContinuationStore {
  /** The store's signing secret (created once by the first host, read by every other). */
  readonly secret: Buffer;
}

/** Options of {@link openPostgresContinuationStore}. */
export interface OpenPostgresContinuationStoreOptions {
  /** `postgres://user:password@host:5432/database`. */
  url: string;
  /** The schema the migrations were applied to (`migratePostgres` with {@link CONTINUATION_POSTGRES_MIGRATIONS}). */
  schema: string;
  /** The URL without its password, for messages. */
  displayUrl: string;
}

const COLUMNS = Object.entries(getTableColumns(pgContinuations));
const COLUMN_OF = new Map(COLUMNS.map(([key, column]) => [key, column]));

function toRow(raw: Record<string, unknown>): ContinuationRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ContinuationRow;
}

/** Builds `$n` placeholders in the order values are pushed. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function columnName(key: string): string {
  const column = COLUMN_OF.get(key);
  if (column === undefined)
    throw new ContinuationError("store_failed", `the continuation store has no field ${key}`);
  return `"${column.name}"`;
}

const LEASE_FREE = (p: Params, now: number) => `(lease_owner IS NULL OR lease_expires_at_ms < ${p.add(now)})`;

/**
 * Workable now, as in the SQLite store, plus records whose holder's lease ran out mid-synthesis (a host
 * died): the worker takes those over and recovers them.
 */
const DUE = (p: Params, now: number) => `${LEASE_FREE(p, now)} AND (
  (state = 'result_received' AND origin_context_state <> 'pending')
  OR state = 'ready_to_deliver'
  OR (state = 'delivery_retry' AND next_attempt_at_ms <= ${p.add(now)})
  OR (state = 'claimed' AND deadline_ms < ${p.add(now)})
  OR (state = 'synthesizing' AND lease_owner IS NOT NULL))`;

/**
 * Opens the continuation store in a PostgreSQL schema the migrations were applied to, shared by every
 * host on the database. Its interface is the synchronous one of the SQLite store: statements run on one
 * connection of a worker thread (see `openSyncPostgres`). The first host creates the signing secret.
 */
export function openPostgresContinuationStore(
  options: OpenPostgresContinuationStoreOptions,
): SharedContinuationStore {
  const location = `${options.displayUrl} (schema ${options.schema})`;
  const failure = (action: string, error: unknown) =>
    ContinuationError.isInstance(error)
      ? error
      : new ContinuationError(
          "store_failed",
          `could not ${action} in ${location}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
  const db: SyncPostgres = openSyncPostgres({
    url: options.url,
    schema: options.schema,
    applicationName: "mono-agent continuations",
    failure: (message) =>
      new ContinuationError(
        "store_failed",
        message.replace("PostgreSQL connection is closed", "continuation store is closed"),
      ),
  });
  const guarded = <T>(action: string, work: () => T): T => {
    try {
      return work();
    } catch (error) {
      throw failure(action, error);
    }
  };
  const rows = (sql: string, params: Params | unknown[] = []) =>
    db.query(sql, Array.isArray(params) ? params : params.values).rows.map(toRow);
  const byId = (id: string) => rows("SELECT * FROM continuations WHERE continuation_id = $1", [id])[0];
  let depth = 0;
  const transaction = <T>(work: () => T): T => {
    const savepoint = `continuation_tx_${depth}`;
    db.query(depth === 0 ? "BEGIN" : `SAVEPOINT ${savepoint}`);
    depth++;
    try {
      const result = work();
      depth--;
      db.query(depth === 0 ? "COMMIT" : `RELEASE SAVEPOINT ${savepoint}`);
      return result;
    } catch (error) {
      depth--;
      try {
        db.query(depth === 0 ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}`);
      } catch {
        // The connection is gone: the server rolled the transaction back.
      }
      throw error;
    }
  };
  let secret: Buffer;
  try {
    db.query(
      "INSERT INTO continuation_secret (slot, secret_hex, created_at_ms) VALUES (1, $1, $2) ON CONFLICT (slot) DO NOTHING",
      [randomBytes(STATE_SECRET_BYTES).toString("hex"), Date.now()],
    );
    const stored = db.query<{ secret_hex: string }>(
      "SELECT secret_hex FROM continuation_secret WHERE slot = 1",
    ).rows[0]?.secret_hex;
    secret = Buffer.from(stored ?? "", "hex");
    if (secret.length !== STATE_SECRET_BYTES)
      throw new ContinuationError(
        "store_failed",
        `the continuation secret in ${location} holds ${secret.length} bytes, not ${STATE_SECRET_BYTES}`,
      );
  } catch (error) {
    db.close();
    const opening = failure("open the continuation store", error);
    throw ContinuationError.isInstance(error)
      ? opening
      : new ContinuationError(
          "store_failed",
          `${opening.message} (apply the migrations: mono-agent storage migrate)`,
          {
            cause: error,
          },
        );
  }
  return {
    stateDir: "",
    file: location,
    secret,
    get: (id) =>
      guarded("read a continuation", () => {
        const row = byId(id);
        return row ? rowToRecord(row) : undefined;
      }),
    row: (id) => guarded("read a continuation", () => byId(id)),
    findByTask: (serverName, originRunId, taskKey) =>
      guarded(
        "read a continuation",
        () =>
          rows(
            "SELECT * FROM continuations WHERE server_name = $1 AND origin_run_id = $2 AND task_key = $3",
            [serverName, originRunId, taskKey],
          )[0],
      ),
    insert: (row) =>
      guarded("store a claim", () => {
        const p = new Params();
        const entries = Object.entries(row).filter(([, value]) => value !== undefined);
        db.query(
          `INSERT INTO continuations (${entries.map(([key]) => columnName(key)).join(", ")})
           VALUES (${entries.map(([, value]) => p.add(value)).join(", ")})`,
          p.values,
        );
      }),
    countActive: (fingerprint) =>
      guarded("count continuations", () => {
        const p = new Params();
        const sql = `SELECT count(*)::int AS value FROM continuations WHERE state = ANY(${p.add([...ACTIVE_STATES])})${
          fingerprint === undefined ? "" : ` AND fingerprint = ${p.add(fingerprint)}`
        }`;
        return db.query<{ value: number }>(sql, p.values).rows[0]?.value ?? 0;
      }),
    update: (id, from, patch, guard) =>
      guarded("update a continuation", () => {
        const p = new Params();
        const set = Object.entries({ updatedAtMs: guard.now, ...patch })
          .filter(([, value]) => value !== undefined)
          .map(([key, value]) => `${columnName(key)} = ${p.add(value)}`)
          .join(", ");
        const lease =
          guard.leaseOwner !== undefined
            ? `lease_owner = ${p.add(guard.leaseOwner)}`
            : LEASE_FREE(p, guard.now);
        const [row] = rows(
          `UPDATE continuations SET ${set}
            WHERE continuation_id = ${p.add(id)} AND state = ANY(${p.add([...from])}) AND ${lease}
            RETURNING *`,
          p,
        );
        return row ? rowToRecord(row) : undefined;
      }),
    due: (now, limit) =>
      guarded("read due continuations", () => {
        const p = new Params();
        return rows(
          `SELECT * FROM continuations WHERE ${DUE(p, now)} ORDER BY updated_at_ms LIMIT ${p.add(limit)}`,
          p,
        ).map(rowToRecord);
      }),
    leaseDue: (now, limit, owner, leaseExpiresAtMs) =>
      guarded("lease due continuations", () => {
        const p = new Params();
        // SKIP LOCKED: hosts leasing at the same moment take disjoint records instead of queueing on rows.
        return rows(
          `UPDATE continuations SET lease_owner = ${p.add(owner)}, lease_expires_at_ms = ${p.add(leaseExpiresAtMs)},
                  updated_at_ms = ${p.add(now)}
            WHERE continuation_id IN (
              SELECT continuation_id FROM continuations WHERE ${DUE(p, now)}
               ORDER BY updated_at_ms LIMIT ${p.add(limit)} FOR UPDATE SKIP LOCKED)
            RETURNING *`,
          p,
        ).map(rowToRecord);
      }),
    recordsOfRun: (runId) =>
      guarded("read a run's continuations", () =>
        rows("SELECT * FROM continuations WHERE origin_run_id = $1", [runId]).map(rowToRecord),
      ),
    inStates: (states) =>
      guarded("read continuations", () =>
        rows("SELECT * FROM continuations WHERE state = ANY($1)", [[...states]]).map(rowToRecord),
      ),
    payload: (id) =>
      guarded("read a result payload", () => {
        const json = byId(id)?.resultPayloadJson;
        return json === null || json === undefined ? undefined : (JSON.parse(json) as unknown);
      }),
    putOriginContext: (contextHash, snapshot, now) =>
      guarded("store an origin context", () =>
        transaction(() => {
          // One quota for every host: the advisory lock orders concurrent inserts for the sum below.
          db.query("SELECT pg_advisory_xact_lock(hashtext('mono-agent:continuation-origin-quota'))");
          if (
            db.query("SELECT 1 FROM continuation_origin_contexts WHERE context_hash = $1", [contextHash])
              .rowCount
          )
            return;
          const bodyJson = JSON.stringify(snapshot);
          const bytes = Buffer.byteLength(bodyJson);
          const used = Number(
            db.query<{ used: string | null }>("SELECT sum(bytes) AS used FROM continuation_origin_contexts")
              .rows[0]?.used ?? 0,
          );
          if (used + bytes > ORIGIN_CONTEXT_QUOTA_BYTES)
            throw new ContinuationError(
              "origin_context_failed",
              `the origin-context store is full (${used} of ${ORIGIN_CONTEXT_QUOTA_BYTES} bytes)`,
            );
          db.query(
            "INSERT INTO continuation_origin_contexts (context_hash, body_json, bytes, created_at_ms) VALUES ($1, $2, $3, $4)",
            [contextHash, bodyJson, bytes, now],
          );
        }),
      ),
    originContext: (contextHash) =>
      guarded("read an origin context", () => {
        const row = db.query<{ body_json: string }>(
          "SELECT body_json FROM continuation_origin_contexts WHERE context_hash = $1",
          [contextHash],
        ).rows[0];
        return row ? (JSON.parse(row.body_json) as OriginContextSnapshot) : undefined;
      }),
    list: (listOptions = {}) =>
      guarded("list continuations", () => {
        const limit = listOptions.limit ?? OPERATOR_PAGE_DEFAULT;
        if (!Number.isSafeInteger(limit) || limit < 1 || limit > OPERATOR_PAGE_MAX)
          throw new ContinuationError(
            "invalid_argument",
            `limit must be 1..${OPERATOR_PAGE_MAX}; received ${limit}`,
          );
        const after = listOptions.cursor === undefined ? undefined : decodeCursor(listOptions.cursor);
        const p = new Params();
        const where =
          after === undefined
            ? ""
            : `WHERE claimed_at_ms > ${p.add(after.claimedAtMs)} OR (claimed_at_ms = ${p.add(after.claimedAtMs)} AND continuation_id COLLATE "C" > ${p.add(after.continuationId)})`;
        const listed = rows(
          `SELECT * FROM continuations ${where} ORDER BY claimed_at_ms, continuation_id COLLATE "C" LIMIT ${p.add(limit + 1)}`,
          p,
        );
        const page = listed.slice(0, limit);
        const last = page.at(-1);
        return {
          records: page.map(rowToRecord),
          ...(listed.length > limit && last ? { nextCursor: encodeCursor(last) } : {}),
        };
      }),
    counts: () =>
      guarded("count continuations", () => {
        const byState = Object.fromEntries(CONTINUATION_STATES.map((state) => [state, 0])) as Record<
          ContinuationState,
          number
        >;
        for (const row of db.query<{ state: string; value: number }>(
          "SELECT state, count(*)::int AS value FROM continuations GROUP BY state",
        ).rows)
          if (row.state in byState) byState[row.state as ContinuationState] = row.value;
        const historyFailures =
          db.query<{ value: number }>(
            `SELECT count(*)::int AS value FROM continuations
              WHERE state = 'delivered' AND receipt_json IS NOT NULL
                AND (receipt_json::jsonb -> 'historyRecorded') = 'false'::jsonb
                AND coalesce(receipt_json::jsonb -> 'suppressed', 'false'::jsonb) = 'false'::jsonb
                AND coalesce(receipt_json::jsonb -> 'captured', 'false'::jsonb) = 'false'::jsonb`,
          ).rows[0]?.value ?? 0;
        return { byState, historyFailures };
      }),
    sweepRetention: (policy: RetentionPolicy, now: number): RetentionReport => {
      try {
        return transaction(() => sweepPostgresRetention(db, policy, now));
      } catch (error) {
        const thrown = failure("sweep continuation retention", error);
        try {
          writePostgresRetentionReport(db, failedRetentionReport(thrown, now));
        } catch {
          // The store cannot be written at all: the thrown failure says so.
        }
        throw thrown;
      }
    },
    lastRetentionSweep: () =>
      guarded("read the last retention sweep", () => {
        const row = db.query<Record<string, string | number | null>>(
          "SELECT * FROM continuation_last_retention_sweep WHERE slot = 1",
        ).rows[0];
        if (row === undefined) return undefined;
        return {
          deletedRecords: Number(row.deleted_records),
          scrubbedCapturedTexts: Number(row.scrubbed_captured_texts),
          releasedOriginContexts: Number(row.released_origin_contexts),
          sweptAt: new Date(Number(row.swept_at_ms)).toISOString(),
          ...(row.error_code !== null
            ? { error: { code: String(row.error_code), message: String(row.error_message ?? "") } }
            : {}),
        };
      }),
    transaction: (work) => guarded("update the continuation store", () => transaction(work)),
    close: () => db.close(),
  };
}
