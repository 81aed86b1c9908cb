import Database from "better-sqlite3";
import { type DeliveryLookups, deliveredMessageText } from "../delivery-lookups.js";

/**
 * Runs `read` on the conversation store opened read-only; `fallback` when the store does not exist yet or
 * cannot be read (these lookups decide nothing on their own: a missing answer means "not delivered").
 */
function readConversations<T>(file: string, fallback: T, read: (sqlite: Database.Database) => T): T {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
    return read(sqlite);
  } catch {
    return fallback;
  } finally {
    sqlite?.close();
  }
}

function conversationHasRun(file: string, runId: string, conversationId?: string): boolean {
  return readConversations(file, false, (sqlite) => {
    const row =
      conversationId === undefined
        ? sqlite.prepare("SELECT 1 FROM conversation_messages WHERE run_id = ? LIMIT 1").get(runId)
        : sqlite
            .prepare("SELECT 1 FROM conversation_messages WHERE conversation_id = ? AND run_id = ? LIMIT 1")
            .get(conversationId, runId);
    return row !== undefined;
  });
}

function deliveredText(file: string, deliveryId: string, conversationId: string): string | undefined {
  return readConversations(file, undefined, (sqlite) => {
    const row = sqlite
      .prepare(
        "SELECT message_json AS json FROM conversation_messages WHERE conversation_id = ? AND run_id = ? ORDER BY sequence LIMIT 1",
      )
      .get(conversationId, deliveryId) as { json: string } | undefined;
    return row === undefined ? undefined : deliveredMessageText(row.json);
  });
}

/**
 * The lookups of the host's SQLite conversation store `file` (its `conversation_messages` table: one row
 * per message with `conversation_id`, `run_id`, `sequence`, `message_json`), by read-only queries.
 */
export function sqliteDeliveryLookups(file: string): DeliveryLookups {
  return {
    hasRun: async (runId, conversationId) => conversationHasRun(file, runId, conversationId),
    deliveredText: async (deliveryId, conversationId) => deliveredText(file, deliveryId, conversationId),
  };
}

/** A delivered continuation message as a conversation view shows it. */
export interface ConversationDelivery {
  deliveryId: string;
  text: string;
  deliveredAtMs: number;
}

/** Deliveries one view lists (the newest), like the turns of a web thread view. */
export const CONVERSATION_DELIVERIES_PER_VIEW = 200;

/**
 * The continuation messages delivered into `conversationId` of the SQLite conversation store `file`,
 * oldest first (the newest {@link CONVERSATION_DELIVERIES_PER_VIEW}); empty when the store does not exist
 * yet. Read-only.
 */
export function listConversationDeliveries(file: string, conversationId: string): ConversationDelivery[] {
  return readConversations(file, [], (sqlite) => {
    const rows = sqlite
      .prepare(
        `SELECT run_id AS runId, message_json AS json, created_at_ms AS at FROM conversation_messages
         WHERE conversation_id = ? AND run_id LIKE 'continuation-%' ORDER BY sequence DESC LIMIT ?`,
      )
      .all(conversationId, CONVERSATION_DELIVERIES_PER_VIEW) as { runId: string; json: string; at: number }[];
    return rows.reverse().map((row) => ({
      deliveryId: row.runId,
      text: deliveredMessageText(row.json),
      deliveredAtMs: row.at,
    }));
  });
}
