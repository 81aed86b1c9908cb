import { existsSync } from "node:fs";
import type { RunStore } from "@mono-agent/run-history";
import { isRunOwnerAlive } from "@mono-agent/run-history/sqlite";
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

/** Running runs of other processes checked by {@link liveRunsOfConversation} (the run store's own default bound). */
export const RESET_RUNNING_RUNS_READ_MAX = 1_000;

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

/**
 * Runs of the logical conversation of `conversationId` that the run store records as `running` and whose
 * process may still be alive (`isRunOwnerAlive`): runs of this or another process, on this host or (as
 * nothing here can tell) another. A run left `running` by a dead process is not counted; it becomes
 * `interrupted` at the next start.
 */
export async function liveRunsOfConversation(
  store: Pick<RunStore, "listRuns" | "listRunningRuns">,
  conversationId: string,
): Promise<{ runId: string; pid: number }[]> {
  const running = await store.listRunningRuns(RESET_RUNNING_RUNS_READ_MAX);
  if (running.length === 0) return [];
  const inConversation = await store.listRuns({
    logicalConversationId: logicalConversationId(conversationId),
    statuses: ["running"],
    limit: RESET_RUNNING_RUNS_READ_MAX,
  });
  const ids = new Set(inConversation.runs.map((run) => run.runId));
  return running
    .filter((run) => ids.has(run.runId) && isRunOwnerAlive(run.owner))
    .map((run) => ({ runId: run.runId, pid: run.owner.pid }));
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
