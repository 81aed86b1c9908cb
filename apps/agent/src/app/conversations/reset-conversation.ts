import { existsSync } from "node:fs";
import { openToolHistoryStore, type SqliteToolHistoryStore } from "@mono-agent/session-history/sqlite";
import { assertConversationId, logicalConversationId } from "../../conversations/conversation-id.js";
import type { ConversationStore } from "../../conversations/conversation-store.js";
import { MonoAgentRuntimeError } from "../../runtime/runtime-error.js";

/** What a conversation reset removed. */
export interface ConversationReset {
  /** The logical conversation that was reset: the id without its `#YYYY-MM-DD` rollover bucket. */
  conversationId: string;
  /** Stored messages removed, over every rollover bucket of the logical conversation. */
  removedMessages: number;
  /** SessionHistory tool-call records removed from the sidecar, over every rollover bucket. */
  removedToolCalls: number;
}

/**
 * Clears one logical conversation: first the SessionHistory sidecar (its calls and tombstones), then the
 * stored messages, each over every `#YYYY-MM-DD` bucket. The two are separate SQLite files, so the reset
 * is not one transaction: the sidecar goes first, so a failure in between leaves the messages (which the
 * next run would still see) rather than a fresh conversation that a cold reseed would refill from old
 * tool calls. A reset is idempotent: repeat it after a failure. `toolHistory` undefined means there is
 * no sidecar (nothing to clear there). Throws `invalid_conversation_id` before anything is changed.
 */
export async function resetConversationRecords(input: {
  conversationId: string;
  conversations: Pick<ConversationStore, "reset"> | undefined;
  toolHistory: { resetConversation(conversationId: string): number | Promise<number> } | undefined;
}): Promise<ConversationReset> {
  assertConversationId(input.conversationId);
  const removedToolCalls = (await input.toolHistory?.resetConversation(input.conversationId)) ?? 0;
  const removedMessages = (await input.conversations?.reset(input.conversationId))?.removedMessages ?? 0;
  return { conversationId: logicalConversationId(input.conversationId), removedMessages, removedToolCalls };
}

/**
 * Opens the SessionHistory sidecar at `file` for a reset, or undefined when the file does not exist (no
 * tool call was ever recorded there). Throws the sidecar's `SessionHistoryError` (`store_failed`) when
 * the file exists but cannot be opened.
 */
export function openToolHistoryForReset(file: string): SqliteToolHistoryStore | undefined {
  if (!existsSync(file)) return undefined;
  return openToolHistoryStore({ file });
}

/** The `conversation_busy` refusal of a reset, naming the runs in progress and what to do. */
export function conversationBusyError(
  conversationId: string,
  runs: readonly { runId: string; pid?: number }[],
): MonoAgentRuntimeError {
  const named = runs
    .slice(0, 3)
    .map((run) => (run.pid === undefined ? run.runId : `${run.runId} (process ${run.pid})`))
    .join(", ");
  const more = runs.length > 3 ? ` and ${runs.length - 3} more` : "";
  return new MonoAgentRuntimeError(
    "conversation_busy",
    `Conversation ${logicalConversationId(conversationId)} has a run in progress${named ? `: ${named}${more}` : ""}; ` +
      "wait for it to finish (or cancel it), then reset again. Nothing was removed.",
  );
}
