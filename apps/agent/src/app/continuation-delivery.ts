import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type { ContinuationChannel, ContinuationDeliveryOutcome } from "@mono-agent/continuations";
import Database from "better-sqlite3";
import { CONVERSATION_ID_PATTERN } from "../conversations/conversation-id.js";
import type { ConversationStore } from "../conversations/conversation-store.js";

/** The assistant message a delivered continuation becomes in its conversation. */
export function continuationMessage(text: string, now: number): AgentMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "openai-completions",
    provider: "mono-agent",
    model: "continuation",
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

/** Whether the conversation store holds messages written under `runId` (read-only query). */
export function conversationHasRun(file: string, runId: string, conversationId?: string): boolean {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
    const row =
      conversationId === undefined
        ? sqlite.prepare("SELECT 1 FROM conversation_messages WHERE run_id = ? LIMIT 1").get(runId)
        : sqlite
            .prepare("SELECT 1 FROM conversation_messages WHERE conversation_id = ? AND run_id = ? LIMIT 1")
            .get(conversationId, runId);
    return row !== undefined;
  } catch {
    return false;
  } finally {
    sqlite?.close();
  }
}

/**
 * The conversation-store channel: a delivered continuation is appended to its conversation as one
 * assistant message under the run id `continuation-<id>` (so `mono-agent runs` and the next run see
 * it). The append is one transaction, so after a crash `lookupDelivery` can tell whether it happened.
 */
export function createConversationChannel(conversations: ConversationStore): ContinuationChannel {
  const outcome = (conversationId: string, deliveryId: string): ContinuationDeliveryOutcome => ({
    channel: conversationId.slice(0, conversationId.indexOf(":")),
    deliveryId,
    historyRecorded: true,
  });
  return {
    accepts: (conversationId) => CONVERSATION_ID_PATTERN.test(conversationId),
    async deliver(request) {
      if (conversationHasRun(conversations.file, request.deliveryId, request.conversationId))
        return outcome(request.conversationId, request.deliveryId);
      conversations.appendMessages(request.conversationId, request.deliveryId, [
        continuationMessage(request.text, Date.now()),
      ]);
      return outcome(request.conversationId, request.deliveryId);
    },
    async lookupDelivery(deliveryId, conversationId) {
      return conversationHasRun(conversations.file, deliveryId, conversationId)
        ? outcome(conversationId, deliveryId)
        : undefined;
    },
  };
}
