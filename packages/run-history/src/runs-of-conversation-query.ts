import { rolloverBucket } from "./run-ids.js";
import type { ListRunsQuery } from "./run-store.js";

/**
 * The {@link ListRunsQuery} filter for "the runs of this conversation": an id that names a
 * `#YYYY-MM-DD` bucket (`cli:a#2026-07-11`) matches that bucket only; any other id matches every
 * bucket of that logical conversation.
 */
export function runsOfConversationQuery(
  conversationId: string,
): Pick<ListRunsQuery, "conversationId" | "logicalConversationId"> {
  return rolloverBucket(conversationId) !== undefined
    ? { conversationId }
    : { logicalConversationId: conversationId };
}
