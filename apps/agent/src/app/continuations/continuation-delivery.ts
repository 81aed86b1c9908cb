import type { AgentMessage } from "@earendil-works/pi-agent-core";
import type { ConversationChannelPort, DeliveryLookups } from "@mono-agent/continuations";
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
