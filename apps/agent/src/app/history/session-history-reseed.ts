import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { coldReseedProjection, type SessionRollover } from "@mono-agent/session-history";
import type { SqliteToolHistoryStore } from "@mono-agent/session-history/sqlite";
import type { RunStartInfo } from "../run/run-observer.js";

/** Newest completed calls read for a cold reseed; the 64 KiB projection keeps the newest that fit. */
export const COLD_RESEED_READ_LIMIT = 500;

/** Adds to (or changes) the messages handed to the Pi session; see `RunAgentDependencies.historyAugmenters`. */
export type HistoryAugmenter = (info: RunStartInfo, history: AgentMessage[]) => AgentMessage[];

/**
 * The cold reseed: the first time this process runs a conversation (with daily rollover: each
 * `#YYYY-MM-DD` bucket, so a conversation that crosses midnight is reseeded in its new bucket), the
 * newest fitting suffix of the retained completed tool calls of its logical scope (at most 64 KiB, marker
 * included, chronological) is put in front of the restored messages as one user message marked as
 * untrusted evidence. Later runs of the same bucket in this process get nothing (their tool results are
 * in the restored messages).
 */
export function createColdReseedAugmenter(
  store: SqliteToolHistoryStore,
  rollover: SessionRollover,
): HistoryAugmenter {
  const seen = new Set<string>();
  return (info, history) => {
    if (seen.has(info.conversationId)) return history;
    seen.add(info.conversationId);
    let projection: string | undefined;
    try {
      const calls = store.listCompletedCalls(
        { conversationId: info.conversationId, runId: info.runId, rollover, includeIsolated: false },
        COLD_RESEED_READ_LIMIT,
      );
      projection = coldReseedProjection(calls);
    } catch {
      return history;
    }
    if (projection === undefined) return history;
    const reseed: AgentMessage = {
      role: "user",
      content: [{ type: "text", text: projection }],
      timestamp: info.startedAt.getTime(),
    };
    return [reseed, ...history];
  };
}
