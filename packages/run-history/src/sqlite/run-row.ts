import { isRunStatus } from "../run-status.js";
import type { RunSummary, RunToolCount, RunWarning } from "../run-summary.js";
import type { runs } from "./run-store-schema.js";

// Type-only imports: the health reader of `mono-agent validate` uses this file and must not load drizzle.

type RunRow = Omit<typeof runs.$inferSelect, "settledSequence">;

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A summary row as the public {@link RunSummary} (no owner, no private field). */
export function rowToSummary(row: RunRow): RunSummary {
  return {
    runId: row.runId,
    conversationId: row.conversationId,
    logicalConversationId: row.logicalConversationId,
    ...(row.rolloverBucket !== null ? { rolloverBucket: row.rolloverBucket } : {}),
    status: isRunStatus(row.status) ? row.status : "failed",
    startedAt: iso(row.startedAtMs),
    ...(row.endedAtMs !== null ? { endedAt: iso(row.endedAtMs) } : {}),
    updatedAt: iso(row.updatedAtMs),
    ...(row.durationMs !== null ? { durationMs: row.durationMs } : {}),
    model: row.model,
    ...(row.effort !== null ? { effort: row.effort } : {}),
    source: row.source,
    ...(row.sourceDetail !== null ? { sourceDetail: row.sourceDetail } : {}),
    userInput: row.userInput,
    ...(row.failureKind !== null ? { failureKind: row.failureKind } : {}),
    ...(row.error !== null ? { error: row.error } : {}),
    usage: {
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      totalTokens: row.totalTokens,
      costUsd: row.costUsd,
    },
    toolCallCount: row.toolCallCount,
    toolErrorCount: row.toolErrorCount,
    tools: parseList<RunToolCount>(row.toolsJson),
    mcpServersUsed: parseList<string>(row.mcpServersUsedJson),
    warnings: parseList<RunWarning>(row.warningsJson),
    ...(row.finalOutput !== null ? { finalOutput: row.finalOutput } : {}),
    eventCount: row.eventCount,
    eventsDropped: row.eventsDropped,
  };
}
