import { logicalConversationId } from "@mono-agent/ids";
import type { ConversationSummary } from "../../conversations/conversation-store.js";

/** A logical conversation with its daily `#YYYY-MM-DD` buckets, as `conversations list` shows it under `daily`. */
export interface ConversationGroup extends ConversationSummary {
  /** The stored buckets (physical ids), most recently updated first. */
  buckets: ConversationSummary[];
}

/**
 * Groups stored conversations under their logical id (`cli:a#2026-07-11` and `cli:a#2026-07-12` under
 * `cli:a`): messages summed, first creation and last update over the buckets, groups ordered by their
 * last update as the input is. Only for `rollover: "daily"`: without it a `#` in an id stays opaque.
 */
export function groupRolloverBuckets(conversations: readonly ConversationSummary[]): ConversationGroup[] {
  const groups = new Map<string, ConversationGroup>();
  for (const conversation of conversations) {
    const logical = logicalConversationId(conversation.conversationId);
    const group = groups.get(logical);
    if (group === undefined) {
      groups.set(logical, { ...conversation, conversationId: logical, buckets: [conversation] });
      continue;
    }
    group.buckets.push(conversation);
    group.messageCount += conversation.messageCount;
    group.createdAtMs = Math.min(group.createdAtMs, conversation.createdAtMs);
    group.updatedAtMs = Math.max(group.updatedAtMs, conversation.updatedAtMs);
  }
  return [...groups.values()];
}
