import { truncateUtf8, utf8ByteLength } from "@mono-agent/evidence";
import {
  ORIGIN_CONTEXT_MAX_MESSAGES,
  ORIGIN_CONTEXT_MESSAGE_MAX_BYTES,
  ORIGIN_CONTEXT_TOTAL_MAX_BYTES,
} from "./continuation-limits.js";

/** One message of the origin conversation, reduced to what a synthesis reads. */
export interface OriginMessage {
  role: "user" | "assistant" | "toolResult";
  text: string;
  /** The tool whose result this is (toolResult messages). */
  toolName?: string;
}

/** The origin history a continuation's synthesis sees: the conversation up to its origin run. */
export interface OriginContextSnapshot {
  conversationId: string;
  /** The origin run: nothing after it is part of the snapshot. */
  historyBoundary: string;
  messages: OriginMessage[];
  /** Older turns were left out, or a message was cut, to fit the bounds. */
  truncated: boolean;
}

/** Options of {@link buildOriginContextSnapshot} (bounds default to reference §7.3). */
export interface OriginContextBounds {
  maxMessages?: number;
  messageMaxBytes?: number;
  totalMaxBytes?: number;
}

function messageBytes(message: OriginMessage): number {
  return utf8ByteLength(JSON.stringify(message));
}

function boundMessage(message: OriginMessage, maxBytes: number): { message: OriginMessage; cut: boolean } {
  if (messageBytes(message) <= maxBytes) return { message, cut: false };
  const overhead = messageBytes({ ...message, text: "" });
  // JSON escaping can grow text up to 6x (\u00XX); budget for the worst case so the result always fits.
  const budget = Math.max(0, Math.floor((maxBytes - overhead) / 6));
  return { message: { ...message, text: truncateUtf8(message.text, budget) }, cut: true };
}

/** Splits messages into turns, each starting at a user message (leading non-user messages form a turn). */
function turnsOf(messages: readonly OriginMessage[]): OriginMessage[][] {
  const turns: OriginMessage[][] = [];
  for (const message of messages) {
    const current = turns.at(-1);
    if (message.role === "user" || current === undefined) turns.push([message]);
    else current.push(message);
  }
  return turns;
}

/**
 * The origin-context snapshot (reference §7.3): each message cut to `messageMaxBytes` (its JSON
 * form), then the newest whole turns that fit `maxMessages` and `totalMaxBytes`, oldest turns
 * evicted first. When even the newest turn does not fit, its newest messages that fit are kept.
 * Pure.
 */
export function buildOriginContextSnapshot(
  conversationId: string,
  historyBoundary: string,
  messages: readonly OriginMessage[],
  bounds: OriginContextBounds = {},
): OriginContextSnapshot {
  const maxMessages = bounds.maxMessages ?? ORIGIN_CONTEXT_MAX_MESSAGES;
  const messageMax = bounds.messageMaxBytes ?? ORIGIN_CONTEXT_MESSAGE_MAX_BYTES;
  const totalMax = bounds.totalMaxBytes ?? ORIGIN_CONTEXT_TOTAL_MAX_BYTES;
  let truncated = false;
  const bounded = messages.map((message) => {
    const result = boundMessage(message, messageMax);
    truncated ||= result.cut;
    return result.message;
  });
  const kept: OriginMessage[][] = [];
  let count = 0;
  let bytes = 0;
  const turns = turnsOf(bounded);
  for (let index = turns.length - 1; index >= 0; index--) {
    const turn = turns[index] ?? [];
    const turnBytes = turn.reduce((sum, message) => sum + messageBytes(message), 0);
    if (count + turn.length <= maxMessages && bytes + turnBytes <= totalMax) {
      kept.unshift(turn);
      count += turn.length;
      bytes += turnBytes;
      continue;
    }
    truncated = true;
    if (kept.length === 0) {
      const partial: OriginMessage[] = [];
      for (let position = turn.length - 1; position >= 0; position--) {
        const message = turn[position] as OriginMessage;
        const size = messageBytes(message);
        if (partial.length + 1 > maxMessages || bytes + size > totalMax) break;
        partial.unshift(message);
        bytes += size;
      }
      kept.push(partial);
    }
    break;
  }
  return { conversationId, historyBoundary, messages: kept.flat(), truncated };
}
