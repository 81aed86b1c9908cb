import type { ConversationChannelPort } from "./conversation-channel.js";

/** How a conversation channel tells whether a delivery reached its conversation. */
export type DeliveryLookups = Pick<ConversationChannelPort, "hasRun" | "deliveredText">;

/** The text blocks of a stored assistant message (its `message_json`), joined. */
export function deliveredMessageText(json: string): string {
  const content = (JSON.parse(json) as { content?: { type?: string; text?: string }[] }).content;
  return (content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}

/**
 * The lookups of a shared conversation store: `store.hasRun` answers whether a run wrote messages, and
 * `readMessageJson` reads the first message written under a run (its JSON), if there is one.
 */
export function storeDeliveryLookups(
  store: Pick<ConversationChannelPort, "hasRun">,
  readMessageJson: (conversationId: string, runId: string) => Promise<string | undefined>,
): DeliveryLookups {
  return {
    hasRun: (runId, conversationId) => store.hasRun(runId, conversationId),
    deliveredText: async (deliveryId, conversationId) => {
      const json = await readMessageJson(conversationId, deliveryId);
      return json === undefined ? undefined : deliveredMessageText(json);
    },
  };
}
