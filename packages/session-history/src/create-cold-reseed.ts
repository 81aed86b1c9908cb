import { coldReseedProjection } from "./cold-reseed-projection.js";
import type { SessionRollover, SessionScope } from "./conversation-scope.js";
import { COLD_RESEED_READ_LIMIT } from "./limits.js";
import type { ObservedRun } from "./observed-run.js";
import type { ToolCallSummary } from "./tool-record.js";

/** The reseed as one user message marked as untrusted evidence (a Pi `UserMessage`). */
export interface ColdReseedMessage {
  role: "user";
  content: { type: "text"; text: string }[];
  /** The run's start, in ms. */
  timestamp: number;
}

/** What the cold reseed reads of a store: the newest completed calls of a scope (the SQLite store). */
export interface ColdReseedSource {
  listCompletedCalls(scope: SessionScope, limit: number): ToolCallSummary[];
}

/**
 * The cold reseed: the first time this process runs a conversation (with daily rollover: each
 * `#YYYY-MM-DD` bucket, so a conversation that crosses midnight is reseeded in its new bucket), the
 * newest fitting suffix of the retained completed tool calls of its logical scope (at most 64 KiB, marker
 * included, chronological) becomes one user message marked as untrusted evidence, to put in front of the
 * restored messages. Later runs of the same bucket in this process get nothing (their tool results are
 * in the restored messages), and so does a run whose store cannot be read or has nothing to show.
 */
export function createColdReseed(
  store: ColdReseedSource,
  rollover: SessionRollover,
): (run: Pick<ObservedRun, "conversationId" | "runId" | "startedAt">) => ColdReseedMessage | undefined {
  const seen = new Set<string>();
  return (run) => {
    if (seen.has(run.conversationId)) return undefined;
    seen.add(run.conversationId);
    let projection: string | undefined;
    try {
      const calls = store.listCompletedCalls(
        { conversationId: run.conversationId, runId: run.runId, rollover, includeIsolated: false },
        COLD_RESEED_READ_LIMIT,
      );
      projection = coldReseedProjection(calls);
    } catch {
      return undefined;
    }
    if (projection === undefined) return undefined;
    return {
      role: "user",
      content: [{ type: "text", text: projection }],
      timestamp: run.startedAt.getTime(),
    };
  };
}
