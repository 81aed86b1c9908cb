import { fileURLToPath } from "node:url";
import { openSyncPostgres, type SyncPostgres } from "@mono-agent/storage/postgres";
import type { ApprovalLookup, ApprovalRecord, AskSettlement, InteractionStore } from "../ask-store.js";
import type { AskRecord } from "../ask-types.js";
import { InteractionError } from "../interaction-error.js";

/** The interaction store's PostgreSQL migrations (drizzle-kit output beside dist/, like ./drizzle). */
export const INTERACTION_POSTGRES_MIGRATIONS = {
  store: "interaction",
  migrationsFolder: fileURLToPath(new URL("../../drizzle-postgres", import.meta.url)),
} as const;

/** Options of {@link openPostgresInteractionStore}. */
export interface OpenPostgresInteractionStoreOptions {
  /** `postgres://user:password@host:5432/database`. */
  url: string;
  /** The schema the migrations were applied to (`migratePostgres` with {@link INTERACTION_POSTGRES_MIGRATIONS}). */
  schema: string;
  /** The URL without its password, for messages. */
  displayUrl: string;
}

type Raw = Record<string, unknown>;

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function askFromRow(row: Raw): AskRecord {
  const settledAt = num(row.settled_at);
  return {
    askId: String(row.ask_id),
    kind: row.kind as AskRecord["kind"],
    runId: String(row.run_id),
    conversationId: String(row.conversation_id),
    status: row.status as AskRecord["status"],
    prompt: JSON.parse(String(row.prompt_json)),
    ...(row.answer_json ? { answer: JSON.parse(String(row.answer_json)) } : {}),
    ...(row.answered_by_json ? { answeredBy: JSON.parse(String(row.answered_by_json)) } : {}),
    createdAt: Number(row.created_at),
    expiresAt: num(row.expires_at),
    ...(settledAt !== null ? { settledAt } : {}),
    ...(row.cancel_reason ? { cancelReason: row.cancel_reason as AskRecord["cancelReason"] } : {}),
    ...(row.owner ? { owner: String(row.owner) } : {}),
    ...(row.audience_json ? { audience: JSON.parse(String(row.audience_json)) } : {}),
  };
}

function approvalFromRow(row: Raw): ApprovalRecord {
  const revokedAt = num(row.revoked_at);
  return {
    approvalId: String(row.approval_id),
    runId: String(row.run_id),
    conversationId: String(row.conversation_id),
    toolName: String(row.tool_name),
    argumentsHash: String(row.arguments_hash),
    decision: row.decision as ApprovalRecord["decision"],
    scope: row.scope as ApprovalRecord["scope"],
    answeredBy: JSON.parse(String(row.answered_by_json)),
    answeredAt: Number(row.answered_at),
    expiresAt: num(row.expires_at),
    ...(revokedAt !== null ? { revokedAt } : {}),
  };
}

/** How often an insert retries when the pending ask it collided with settled before it could be read. */
const INSERT_ATTEMPTS = 3;

/**
 * Opens the ask and approval store in a PostgreSQL schema the migrations were applied to, shared by every
 * host on the database. Its interface is the synchronous one of the SQLite store: statements run on one
 * connection of a worker thread (see `openSyncPostgres`). One pending ask per physical conversation holds
 * across hosts through a unique partial index; settling is conditional on the ask still being pending.
 */
export function openPostgresInteractionStore(options: OpenPostgresInteractionStoreOptions): InteractionStore {
  const location = `${options.displayUrl} (schema ${options.schema})`;
  const db: SyncPostgres = openSyncPostgres({
    url: options.url,
    schema: options.schema,
    applicationName: "mono-agent interaction",
    failure: (message) =>
      new InteractionError(
        "interaction_store_failed",
        message.replace("PostgreSQL connection is closed", "interaction store is closed"),
      ),
  });
  const guarded =
    <A extends unknown[], T>(what: string, work: (...args: A) => T) =>
    (...args: A): T => {
      try {
        return work(...args);
      } catch (error) {
        if (InteractionError.isInstance(error)) throw error;
        throw new InteractionError(
          "interaction_store_failed",
          `Cannot ${what} the interaction store ${location}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    };
  const asks = (sql: string, params: unknown[] = []) => db.query<Raw>(sql, params).rows.map(askFromRow);
  const approvals = (sql: string, params: unknown[] = []) =>
    db.query<Raw>(sql, params).rows.map(approvalFromRow);
  const getAsk = (askId: string) => asks("SELECT * FROM asks WHERE ask_id = $1", [askId])[0];
  try {
    db.query("SELECT 1 FROM asks LIMIT 0");
    db.query("SELECT 1 FROM approvals LIMIT 0");
  } catch (error) {
    db.close();
    throw new InteractionError(
      "interaction_store_failed",
      `Cannot open the interaction store ${location}: ${error instanceof Error ? error.message : String(error)} (apply the migrations: mono-agent storage migrate)`,
      { cause: error },
    );
  }
  return {
    insertIfNoPending: guarded("write to", (ask: AskRecord, physicalConversationId: string) => {
      for (let attempt = 0; attempt < INSERT_ATTEMPTS; attempt++) {
        const inserted = db.query(
          `INSERT INTO asks (ask_id, kind, run_id, conversation_id, physical_conversation_id, status, prompt_json,
             created_at, expires_at, owner, audience_json)
           VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $9, $10)
           ON CONFLICT (physical_conversation_id) WHERE status = 'pending' DO NOTHING`,
          [
            ask.askId,
            ask.kind,
            ask.runId,
            ask.conversationId,
            physicalConversationId,
            JSON.stringify(ask.prompt),
            ask.createdAt,
            ask.expiresAt,
            ask.owner ?? null,
            ask.audience === undefined ? null : JSON.stringify(ask.audience),
          ],
        ).rowCount;
        if (inserted === 1) return { inserted: true as const };
        const [pending] = asks(
          "SELECT * FROM asks WHERE physical_conversation_id = $1 AND status = 'pending'",
          [physicalConversationId],
        );
        if (pending) return { inserted: false as const, pending };
      }
      throw new InteractionError(
        "interaction_store_failed",
        `Cannot write to the interaction store ${location}: the conversation's pending ask kept changing while a new one was stored; try again.`,
      );
    }),
    get: guarded("read", getAsk),
    settle: guarded(
      "write to",
      (askId: string, settlement: AskSettlement) =>
        asks(
          `UPDATE asks SET status = $2, settled_at = $3, answer_json = $4, answered_by_json = $5, cancel_reason = $6
            WHERE ask_id = $1 AND status = 'pending' RETURNING *`,
          [
            askId,
            settlement.status,
            settlement.settledAt,
            settlement.answer ? JSON.stringify(settlement.answer) : null,
            settlement.answeredBy ? JSON.stringify(settlement.answeredBy) : null,
            settlement.cancelReason ?? null,
          ],
        )[0],
    ),
    listByConversation: guarded("read", (conversationId: string, limit: number) =>
      asks("SELECT * FROM asks WHERE conversation_id = $1 ORDER BY created_at LIMIT $2", [
        conversationId,
        limit,
      ]),
    ),
    listPending: guarded("read", () => asks("SELECT * FROM asks WHERE status = 'pending'")),
    insertApproval: guarded("write to", (record: ApprovalRecord) => {
      db.query(
        `INSERT INTO approvals (approval_id, run_id, conversation_id, tool_name, arguments_hash, decision, scope,
           answered_by_json, answered_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          record.approvalId,
          record.runId,
          record.conversationId,
          record.toolName,
          record.argumentsHash,
          record.decision,
          record.scope,
          JSON.stringify(record.answeredBy),
          record.answeredAt,
          record.expiresAt,
        ],
      );
    }),
    findGrant: guarded(
      "read",
      (lookup: ApprovalLookup) =>
        approvals(
          `SELECT * FROM approvals
            WHERE tool_name = $1 AND decision = 'approve' AND revoked_at IS NULL
              AND (expires_at IS NULL OR expires_at > $2)
              AND ((scope = 'run' AND run_id = $3) OR (scope = 'conversation' AND conversation_id = $4)
                   OR scope = 'always')
            ORDER BY answered_at DESC LIMIT 1`,
          [lookup.toolName, lookup.now, lookup.runId, lookup.conversationId],
        )[0],
    ),
    listApprovals: guarded("read", (limit: number) =>
      approvals("SELECT * FROM approvals ORDER BY answered_at DESC LIMIT $1", [limit]),
    ),
    revokeApproval: guarded(
      "write to",
      (approvalId: string, now: number) =>
        db.query("UPDATE approvals SET revoked_at = $2 WHERE approval_id = $1 AND revoked_at IS NULL", [
          approvalId,
          now,
        ]).rowCount === 1,
    ),
    close: () => db.close(),
  };
}
