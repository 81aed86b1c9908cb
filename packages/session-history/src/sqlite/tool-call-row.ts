import { isTerminalState } from "../terminal-state.js";
import type { ArtifactReference, ToolCallSummary, ToolRecord } from "../tool-record.js";
import { isArtifactAvailable, type StoredArtifact } from "./artifact-paths.js";
import type { toolCalls } from "./tool-history-schema.js";

/** One `tool_calls` row as drizzle reads it. */
export type ToolCallRow = typeof toolCalls.$inferSelect;

/** The stored artifacts of a row (an unreadable column reads as none). */
export function storedArtifacts(row: ToolCallRow): StoredArtifact[] {
  try {
    const parsed: unknown = JSON.parse(row.artifacts);
    return Array.isArray(parsed)
      ? parsed.filter(
          (item): item is StoredArtifact => typeof item?.id === "string" && typeof item?.path === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/** Opaque ids with availability rechecked now; paths never leave the store. */
export function artifactReferences(
  row: ToolCallRow,
  toolOutputRoot: string | undefined,
): ArtifactReference[] {
  return storedArtifacts(row).map((artifact) => ({
    id: artifact.id,
    available: isArtifactAvailable(toolOutputRoot, row.runId, artifact.path),
  }));
}

/** The row as a search summary. */
export function rowToSummary(row: ToolCallRow, toolOutputRoot: string | undefined): ToolCallSummary {
  return {
    recordId: row.invocationRecordId,
    ...(row.resultRecordId !== null ? { resultRecordId: row.resultRecordId } : {}),
    conversationId: row.conversationId,
    runId: row.runId,
    toolCallId: row.toolCallId,
    toolName: row.toolName,
    startSequence: row.startSequence,
    ...(row.endSequence !== null ? { endSequence: row.endSequence } : {}),
    ...(isTerminalState(row.state) ? { state: row.state } : {}),
    runStartedAtMs: row.runStartedAtMs,
    startedAtMs: row.startedAtMs,
    ...(row.endedAtMs !== null ? { endedAtMs: row.endedAtMs } : {}),
    isolated: row.isolated,
    recovered: row.recovered,
    invocationPayload: row.invocationPayload,
    ...(row.resultPayload !== null ? { resultPayload: row.resultPayload } : {}),
    truncated: row.invocationTruncated || row.resultTruncated === true,
    artifactReferences: artifactReferences(row, toolOutputRoot),
  };
}

/** One of the row's two records. */
export function rowToRecord(
  row: ToolCallRow,
  phase: "invocation" | "result",
  toolOutputRoot: string | undefined,
): ToolRecord {
  const common = {
    conversationId: row.conversationId,
    runId: row.runId,
    toolCallId: row.toolCallId,
    toolName: row.toolName,
    invocationRecordId: row.invocationRecordId,
    ...(row.resultRecordId !== null ? { resultRecordId: row.resultRecordId } : {}),
    ...(isTerminalState(row.state) ? { state: row.state } : {}),
    ...(row.failureKind !== null ? { failureKind: row.failureKind } : {}),
    ...(row.detailCode !== null ? { detailCode: row.detailCode } : {}),
    isolated: row.isolated,
    recovered: row.recovered,
    runStartedAtMs: row.runStartedAtMs,
    startedAtMs: row.startedAtMs,
    ...(row.endedAtMs !== null ? { endedAtMs: row.endedAtMs } : {}),
    ...(row.executionMs !== null ? { executionMs: row.executionMs } : {}),
  };
  if (phase === "invocation") {
    return {
      ...common,
      recordId: row.invocationRecordId,
      phase,
      sequence: row.startSequence,
      payload: row.invocationPayload,
      originalBytes: row.invocationOriginalBytes,
      retainedBytes: row.invocationRetainedBytes,
      truncated: row.invocationTruncated,
      artifactReferences: [],
    };
  }
  return {
    ...common,
    recordId: row.resultRecordId ?? "",
    phase,
    sequence: row.endSequence ?? row.startSequence,
    payload: row.resultPayload ?? "null",
    originalBytes: row.resultOriginalBytes ?? 0,
    retainedBytes: row.resultRetainedBytes ?? 0,
    truncated: row.resultTruncated === true,
    artifactReferences: artifactReferences(row, toolOutputRoot),
  };
}
