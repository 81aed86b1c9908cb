import type { ConversationReset } from "../../app/reset-conversation.js";
import type { ConversationSummary } from "../../conversations/conversation-store.js";
import { renderTable } from "../render-table.js";

function time(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d{3}Z$/, "Z");
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** The table of `conversations list`. */
export function renderConversationTable(conversations: readonly ConversationSummary[]): string {
  const rows = conversations.map((conversation) => [
    conversation.conversationId,
    String(conversation.messageCount),
    time(conversation.updatedAtMs),
  ]);
  return renderTable(["CONVERSATION", "MESSAGES", "LAST UPDATE"], rows);
}

/** What `conversations reset` prints. */
export function renderReset(reset: ConversationReset): string {
  const { conversationId, removedMessages, removedToolCalls } = reset;
  const kept = `Recorded runs are kept: \`mono-agent runs list --conversation ${conversationId}\`.\n`;
  if (removedMessages === 0 && removedToolCalls === 0)
    return `Nothing to reset: conversation ${conversationId} has no stored messages and no SessionHistory records.\n${kept}`;
  return (
    `Reset conversation ${conversationId} (every #YYYY-MM-DD bucket): removed ${plural(removedMessages, "message")} ` +
    `and ${plural(removedToolCalls, "SessionHistory record")}. Its next run starts fresh.\n${kept}`
  );
}
