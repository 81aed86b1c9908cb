import { renderTable } from "@mono-agent/evidence";
import { rolloverBucketOf } from "@mono-agent/ids";
import type { ConversationReset } from "../../app/conversations/reset-conversation.js";
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
export function renderConversationTable(
  conversations: readonly (ConversationSummary & { buckets?: readonly ConversationSummary[] })[],
): string {
  const grouped = conversations.some((conversation) => conversation.buckets !== undefined);
  const rows = conversations.map((conversation) => [
    conversation.conversationId,
    ...(grouped ? [bucketsOf(conversation.buckets ?? [])] : []),
    String(conversation.messageCount),
    time(conversation.updatedAtMs),
  ]);
  return renderTable(["CONVERSATION", ...(grouped ? ["DAYS"] : []), "MESSAGES", "LAST UPDATE"], rows);
}

/** `3 (2026-07-10..2026-07-12)`: how many daily buckets, oldest and newest. */
function bucketsOf(buckets: readonly ConversationSummary[]): string {
  const days = buckets.map((bucket) => rolloverBucketOf(bucket.conversationId) ?? "no bucket").sort();
  if (days.length <= 1) return days[0] ?? "-";
  return `${days.length} (${days[0]}..${days.at(-1)})`;
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
