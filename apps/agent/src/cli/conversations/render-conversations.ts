import type { ConversationReset } from "../../app/reset-conversation.js";
import type { ConversationSummary } from "../../conversations/conversation-store.js";

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
  const header = ["CONVERSATION", "MESSAGES", "LAST UPDATE"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[format(header), ...rows.map(format)].join("\n")}\n`;
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
