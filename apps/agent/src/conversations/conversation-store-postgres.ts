import { fileURLToPath } from "node:url";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { PostgresMigrations, PostgresPool } from "@mono-agent/storage/postgres";
import { and, count, desc, eq, inArray, lt, max, or, sql } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";
import { assertConversationId, assertRunId, logicalConversationId } from "./conversation-id.js";
import {
  boundedListLimit,
  type ConversationSummary,
  inLogicalConversation,
  messageRows,
  parseMessage,
} from "./conversation-rows.js";
import { pgConversationMessages, pgConversations } from "./conversation-schema-postgres.js";
import type { ConversationStore } from "./conversation-store.js";
import {
  HISTORY_WINDOW_MAX_MESSAGES,
  needsOlderUserMessage,
  type StoredMessage,
  selectHistoryWindow,
} from "./history-window.js";

/** The conversation store's PostgreSQL migrations (drizzle-kit output beside dist/, like ./drizzle). */
export const CONVERSATION_POSTGRES_MIGRATIONS: PostgresMigrations = {
  store: "conversations",
  migrationsFolder: fileURLToPath(new URL("../../drizzle-postgres", import.meta.url)),
};

/** Options of {@link createPostgresConversationStore}. */
export interface CreatePostgresConversationStoreOptions {
  /** A pool whose schema the migrations were applied to (`migratePostgres` with {@link CONVERSATION_POSTGRES_MIGRATIONS}). */
  postgres: PostgresPool;
  /** Applied to every string of a message before it is written (the host's secrets replaced); default: none. */
  redactText?: (text: string) => string;
}

/**
 * The conversation store on PostgreSQL, shared by every host on the database. Appends of one conversation
 * serialize on its row (the upsert locks it until commit), so sequences never collide across hosts.
 * The pool belongs to the caller: `close()` does not end it.
 */
export function createPostgresConversationStore(
  options: CreatePostgresConversationStoreOptions,
): ConversationStore {
  const db = drizzle(options.postgres.pool);
  const location = `${options.postgres.displayUrl} (schema ${options.postgres.schema})`;
  let closed = false;
  const guarded = async <T>(action: "read" | "write", operation: () => Promise<T>): Promise<T> => {
    try {
      if (closed) throw new Error("the store is closed");
      return await operation();
    } catch (error) {
      if (MonoAgentRuntimeError.isInstance(error)) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new MonoAgentRuntimeError(
        "conversation_store_failed",
        `Could not ${action} the conversation store at ${location}: ${reason}. Check that the database is reachable and migrated (mono-agent storage status).`,
        { cause: error },
      );
    }
  };
  return {
    location,
    loadMessages: (conversationId) => guarded("read", () => loadMessages(db, conversationId)),
    appendMessages: (conversationId, runId, messages) =>
      guarded("write", () => appendMessages(db, conversationId, runId, messages, options.redactText)),
    hasRun: (runId, conversationId) =>
      guarded("read", async () => {
        const rows = await db
          .select({ runId: pgConversationMessages.runId })
          .from(pgConversationMessages)
          .where(
            conversationId === undefined
              ? eq(pgConversationMessages.runId, runId)
              : and(
                  eq(pgConversationMessages.conversationId, conversationId),
                  eq(pgConversationMessages.runId, runId),
                ),
          )
          .limit(1);
        return rows.length > 0;
      }),
    listConversations: (listOptions) => guarded("read", () => listConversations(db, listOptions?.limit)),
    countConversations: () =>
      guarded("read", async () => (await db.select({ value: count() }).from(pgConversations))[0]?.value ?? 0),
    reset: (conversationId) => guarded("write", () => reset(db, conversationId)),
    close: async () => {
      closed = true;
    },
  };
}

async function loadMessages(db: NodePgDatabase, conversationId: string): Promise<AgentMessage[]> {
  assertConversationId(conversationId);
  const rows = await db
    .select({ sequence: pgConversationMessages.sequence, messageJson: pgConversationMessages.messageJson })
    .from(pgConversationMessages)
    .where(eq(pgConversationMessages.conversationId, conversationId))
    .orderBy(desc(pgConversationMessages.sequence))
    .limit(HISTORY_WINDOW_MAX_MESSAGES + 1);
  const newestFirst: StoredMessage[] = rows.map((row) => ({
    message: parseMessage(row.messageJson, conversationId, row.sequence),
    characters: row.messageJson.length,
  }));
  let olderUser: AgentMessage | undefined;
  const oldest = rows.at(-1);
  if (oldest !== undefined && needsOlderUserMessage(newestFirst)) {
    const [userRow] = await db
      .select({ sequence: pgConversationMessages.sequence, messageJson: pgConversationMessages.messageJson })
      .from(pgConversationMessages)
      .where(
        and(
          eq(pgConversationMessages.conversationId, conversationId),
          eq(pgConversationMessages.role, "user"),
          lt(pgConversationMessages.sequence, oldest.sequence),
        ),
      )
      .orderBy(desc(pgConversationMessages.sequence))
      .limit(1);
    if (userRow !== undefined)
      olderUser = parseMessage(userRow.messageJson, conversationId, userRow.sequence);
  }
  return selectHistoryWindow(newestFirst, olderUser);
}

async function appendMessages(
  db: NodePgDatabase,
  conversationId: string,
  runId: string,
  messages: readonly AgentMessage[],
  redactText?: (text: string) => string,
): Promise<{ firstSequence: number; lastSequence: number }> {
  assertConversationId(conversationId);
  assertRunId(runId);
  const rows = messageRows(runId, messages, redactText);
  return db.transaction(async (tx) => {
    const now = Date.now();
    // The upsert takes the conversation row's lock until commit: a second host appending to the same
    // conversation waits here, then reads the sequence this transaction wrote.
    await tx
      .insert(pgConversations)
      .values({ conversationId, createdAtMs: now, updatedAtMs: now })
      .onConflictDoUpdate({ target: pgConversations.conversationId, set: { updatedAtMs: now } });
    const [last] = await tx
      .select({ value: max(pgConversationMessages.sequence) })
      .from(pgConversationMessages)
      .where(eq(pgConversationMessages.conversationId, conversationId));
    const firstSequence = (last?.value ?? 0) + 1;
    if (rows.length > 0)
      await tx.insert(pgConversationMessages).values(
        rows.map((row, index) => ({
          conversationId,
          sequence: firstSequence + index,
          runId,
          role: row.role,
          messageJson: row.messageJson,
          createdAtMs: now,
        })),
      );
    return { firstSequence, lastSequence: firstSequence + rows.length - 1 };
  });
}

async function listConversations(
  db: NodePgDatabase,
  limit: number | undefined,
): Promise<ConversationSummary[]> {
  const listed = await db
    .select()
    .from(pgConversations)
    .orderBy(desc(pgConversations.updatedAtMs), pgConversations.conversationId)
    .limit(boundedListLimit(limit));
  if (listed.length === 0) return [];
  const counts = await db
    .select({ conversationId: pgConversationMessages.conversationId, messageCount: count() })
    .from(pgConversationMessages)
    .where(
      inArray(
        pgConversationMessages.conversationId,
        listed.map((row) => row.conversationId),
      ),
    )
    .groupBy(pgConversationMessages.conversationId);
  const countById = new Map(counts.map((row) => [row.conversationId, row.messageCount]));
  return listed.map((row) => ({ ...row, messageCount: countById.get(row.conversationId) ?? 0 }));
}

async function reset(db: NodePgDatabase, conversationId: string): Promise<{ removedMessages: number }> {
  assertConversationId(conversationId);
  const logical = logicalConversationId(conversationId);
  // starts_with compares code points; a range over text would follow the database's collation.
  const candidates = or(
    eq(pgConversations.conversationId, logical),
    sql`starts_with(${pgConversations.conversationId}, ${`${logical}#`})`,
  );
  return db.transaction(async (tx) => {
    const idList = (
      await tx
        .select({ id: pgConversations.conversationId })
        .from(pgConversations)
        .where(candidates)
        .for("update")
    )
      .map((row) => row.id)
      .filter((id) => inLogicalConversation(id, logical));
    if (idList.length === 0) return { removedMessages: 0 };
    const removed = await tx
      .delete(pgConversationMessages)
      .where(inArray(pgConversationMessages.conversationId, idList))
      .returning({ rowId: pgConversationMessages.rowId });
    await tx.delete(pgConversations).where(inArray(pgConversations.conversationId, idList));
    return { removedMessages: removed.length };
  });
}

/**
 * The JSON of the first message run `runId` wrote into `conversationId`, or undefined (a continuation
 * delivery's message, for the channel's lookup after a host died mid-delivery).
 */
export async function readPostgresRunMessageJson(
  postgres: PostgresPool,
  conversationId: string,
  runId: string,
): Promise<string | undefined> {
  const [row] = await drizzle(postgres.pool)
    .select({ json: pgConversationMessages.messageJson })
    .from(pgConversationMessages)
    .where(
      and(eq(pgConversationMessages.conversationId, conversationId), eq(pgConversationMessages.runId, runId)),
    )
    .orderBy(pgConversationMessages.sequence)
    .limit(1);
  return row?.json;
}
