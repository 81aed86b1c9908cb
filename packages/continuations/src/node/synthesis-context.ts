import type { ContinuationRecord } from "../continuation-record.js";
import {
  buildOriginContextSnapshot,
  type OriginContextSnapshot,
  type OriginMessage,
} from "../origin-context.js";
import type { ContinuationStore } from "./open-continuation-store.js";

/**
 * Reads the latest messages of a conversation, oldest first (the host's conversation store). Used for
 * detached continuations, whose origin context is `detached_latest`.
 */
export type LatestOriginMessages = (
  conversationId: string,
) => readonly OriginMessage[] | Promise<readonly OriginMessage[]>;

/**
 * The origin context a synthesis reads, or undefined when there is none (the fixed
 * origin-context-unavailable text is delivered instead): the pinned snapshot of a request-bound
 * record; for a detached record, a snapshot (same bounds) of the latest turns of its destination
 * conversation, when the host gave `latestOriginMessages` and that conversation has messages.
 */
export async function synthesisOriginContext(
  store: ContinuationStore,
  record: ContinuationRecord,
  latestOriginMessages: LatestOriginMessages | undefined,
): Promise<OriginContextSnapshot | undefined> {
  if (record.originContextState === "pinned" && record.originContextHash)
    return store.originContext(record.originContextHash);
  const conversationId = record.destinationConversationId;
  if (record.originContextState !== "detached_latest" || !latestOriginMessages || !conversationId)
    return undefined;
  let messages: readonly OriginMessage[];
  try {
    messages = await latestOriginMessages(conversationId);
  } catch {
    return undefined;
  }
  if (messages.length === 0) return undefined;
  return buildOriginContextSnapshot(conversationId, record.historyBoundary, messages);
}
