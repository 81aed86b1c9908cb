import type { AgentMessage } from "@earendil-works/pi-agent-core";

/**
 * Most stored messages restored into a run's prompt. A busy agent turn is a user message plus a
 * few dozen tool calls and results, so 400 keeps roughly the last ten such turns.
 */
export const HISTORY_WINDOW_MAX_MESSAGES = 400;

/**
 * Most characters of stored message JSON restored into a run's prompt: about 100,000 tokens at
 * 4 characters per token, under the 128k-token window of current hosted models.
 */
export const HISTORY_WINDOW_MAX_CHARACTERS = 400_000;

/** A stored message with the size of its JSON. */
export interface StoredMessage {
  message: AgentMessage;
  characters: number;
}

/**
 * Keep the newest whole turns (a turn starts at a user message) that fit both bounds, oldest first.
 * When even the newest turn does not fit, keep its user message (from `newestFirst`, else
 * `olderUserMessage`) and its final assistant message, so the model still knows what was asked and
 * answered last.
 */
export function selectHistoryWindow(
  newestFirst: readonly StoredMessage[],
  olderUserMessage?: AgentMessage,
): AgentMessage[] {
  let characters = 0;
  let count = 0;
  let windowStart = -1;
  for (let index = 0; index < newestFirst.length; index++) {
    const stored = newestFirst[index]!;
    characters += stored.characters;
    count++;
    if (count > HISTORY_WINDOW_MAX_MESSAGES || characters > HISTORY_WINDOW_MAX_CHARACTERS) break;
    if (roleOf(stored.message) === "user") windowStart = index;
  }
  if (windowStart >= 0) {
    return newestFirst
      .slice(0, windowStart + 1)
      .map((stored) => stored.message)
      .reverse();
  }
  return newestTurnSummary(newestFirst, olderUserMessage);
}

/** True when the window needs the newest user message from before `newestFirst` (none is in it). */
export function needsOlderUserMessage(newestFirst: readonly StoredMessage[]): boolean {
  return newestFirst.length > 0 && !newestFirst.some((stored) => roleOf(stored.message) === "user");
}

function newestTurnSummary(
  newestFirst: readonly StoredMessage[],
  olderUserMessage?: AgentMessage,
): AgentMessage[] {
  const foundIndex = newestFirst.findIndex((stored) => roleOf(stored.message) === "user");
  const userIndex = foundIndex >= 0 ? foundIndex : newestFirst.length;
  const user = foundIndex >= 0 ? newestFirst[foundIndex]!.message : olderUserMessage;
  if (user === undefined) return [];
  const finalAnswer = newestFirst
    .slice(0, userIndex)
    .find((stored) => roleOf(stored.message) === "assistant" && stopReasonOf(stored.message) === "stop");
  return finalAnswer === undefined ? [user] : [user, finalAnswer.message];
}

function roleOf(message: AgentMessage): string | undefined {
  return (message as { role?: string }).role;
}

function stopReasonOf(message: AgentMessage): string | undefined {
  return (message as { stopReason?: string }).stopReason;
}
