import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type { ConversationChannelPort } from "@mono-agent/continuations";
import Database from "better-sqlite3";
import { CONVERSATION_ID_PATTERN } from "../../conversations/conversation-id.js";
import type { ConversationStore, SqliteConversationStore } from "../../conversations/conversation-store.js";

/** The assistant message a delivered continuation (or, with `model: "adapter-send"`, a channel send) becomes in its conversation. */
export function continuationMessage(text: string, now: number, model = "continuation"): AgentMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "openai-completions",
    provider: "mono-agent",
    model,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "stop",
    timestamp: now,
  } as AgentMessage;
}

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

/** Whether the conversation store holds messages written under `runId` (read-only query). */
export function conversationHasRun(file: string, runId: string, conversationId?: string): boolean {
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

/** The text of the continuation message delivered as `deliveryId` into `conversationId`, if it was. */
export function deliveredText(file: string, deliveryId: string, conversationId: string): string | undefined {
  return readConversations(file, undefined, (sqlite) => {
    const row = sqlite
      .prepare(
        "SELECT message_json AS json FROM conversation_messages WHERE conversation_id = ? AND run_id = ? ORDER BY sequence LIMIT 1",
      )
      .get(conversationId, deliveryId) as { json: string } | undefined;
    return row === undefined ? undefined : messageText(row.json);
  });
}

/** How the channel tells whether a delivery reached its conversation (SQLite file reads by default). */
export type DeliveryLookups = Pick<ConversationChannelPort, "hasRun" | "deliveredText">;

/** The lookups of the SQLite conversation store `file` (read-only queries). */
export function sqliteDeliveryLookups(file: string): DeliveryLookups {
  return {
    hasRun: async (runId, conversationId) => conversationHasRun(file, runId, conversationId),
    deliveredText: async (deliveryId, conversationId) => deliveredText(file, deliveryId, conversationId),
  };
}

/** The lookups of a shared conversation store: `readMessageJson` reads the first message of a run. */
export function storeDeliveryLookups(
  conversations: ConversationStore,
  readMessageJson: (conversationId: string, runId: string) => Promise<string | undefined>,
): DeliveryLookups {
  return {
    hasRun: (runId, conversationId) => conversations.hasRun(runId, conversationId),
    deliveredText: async (deliveryId, conversationId) => {
      const json = await readMessageJson(conversationId, deliveryId);
      return json === undefined ? undefined : messageText(json);
    },
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
 * The continuation messages delivered into `conversationId`, oldest first (the newest
 * {@link CONVERSATION_DELIVERIES_PER_VIEW}); empty when the store does not exist yet. Read-only.
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
      text: messageText(row.json),
      deliveredAtMs: row.at,
    }));
  });
}

function messageText(json: string): string {
  const content = (JSON.parse(json) as { content?: { type?: string; text?: string }[] }).content;
  return (content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}

/**
 * The conversation store as the continuation channel's port: a delivered text is appended as one
 * {@link continuationMessage} under its delivery id; `lookups` tell whether a delivery happened.
 */
export function conversationChannelPort(
  conversations: SqliteConversationStore | ConversationStore,
  lookups: DeliveryLookups,
): ConversationChannelPort {
  return {
    accepts: (conversationId) => CONVERSATION_ID_PATTERN.test(conversationId),
    hasRun: (runId, conversationId) => lookups.hasRun(runId, conversationId),
    deliveredText: (deliveryId, conversationId) => lookups.deliveredText(deliveryId, conversationId),
    async appendDelivery(conversationId, deliveryId, text) {
      await conversations.appendMessages(conversationId, deliveryId, [continuationMessage(text, Date.now())]);
    },
  };
}
