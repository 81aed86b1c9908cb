import { logicalConversationId } from "./rollover-bucket.js";

/** What grouping needs of a stored conversation (a physical id, which may end with `#YYYY-MM-DD`). */
export interface RolloverBucketSummary {
  conversationId: string;
  messageCount: number;
  createdAtMs: number;
  updatedAtMs: number;
}

/** A logical conversation with its daily `#YYYY-MM-DD` buckets. */
export type RolloverGroup<Summary extends RolloverBucketSummary> = Summary & {
  /** The stored buckets (physical ids), in input order. */
  buckets: Summary[];
};

/**
 * Groups stored conversations under their logical id (`cli:a#2026-07-11` and `cli:a#2026-07-12` under
 * `cli:a`): messages summed, first creation and last update over the buckets, groups in the order their
 * first bucket appears. Only for `rollover: "daily"`: without it a `#` in an id stays opaque.
 */
export function groupRolloverBuckets<Summary extends RolloverBucketSummary>(
  conversations: readonly Summary[],
): RolloverGroup<Summary>[] {
  const groups = new Map<string, RolloverGroup<Summary>>();
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
