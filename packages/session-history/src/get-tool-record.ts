import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isHistoryToolName, OMISSION_MARKERS } from "@mono-agent/evidence";
import { CHUNK_MAX_BYTES } from "./limits.js";
import { safeText } from "./safe-text.js";
import { type SessionHistoryContext, scopeOf } from "./session-history-context.js";
import { decodeCursor, encodeGetCursor, getDigest, invalidCursor } from "./session-history-cursors.js";
import { SessionHistoryError } from "./session-history-error.js";
import { getRecordAction, isolation, type SessionHistoryAction } from "./session-history-navigation.js";
import type { GetRequest } from "./session-history-request.js";
import { isTombstone } from "./session-history-store.js";
import { classifyTerminalState } from "./terminal-state.js";
import { evidenceResult } from "./tool-call-result.js";
import type { Tombstone, ToolRecord } from "./tool-record.js";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Runs a validated get: one record (or its tombstone) and one bounded chunk of its payload. */
export async function getToolRecord(
  context: SessionHistoryContext,
  request: GetRequest,
): Promise<CallToolResult> {
  const scope = scopeOf(context, request.includeIsolated);
  const binding = { ...context, rollover: scope.rollover };
  let found: ToolRecord | Tombstone | undefined;
  let offset = 0;
  if (request.cursor !== undefined) {
    const cursor = decodeCursor(request.cursor);
    if (
      cursor.kind !== "get" ||
      cursor.digest !== getDigest(binding, cursor.recordId, request.includeIsolated)
    )
      throw invalidCursor();
    found = await context.store.getRecord(scope, cursor.recordId);
    if (!found || isTombstone(found)) throw invalidCursor();
    offset = cursor.offset;
  } else if (request.recordId !== undefined) {
    found = await context.store.getRecord(scope, request.recordId);
  } else {
    found = await context.store.newestRecordForToolCall(scope, request.toolCallId!);
  }
  if (!found) {
    throw new SessionHistoryError(
      "record_unavailable",
      "No such record is retained in this session's scope (records of the active run, other conversations " +
        "and, without includeIsolated: true, isolated runs are not available).",
    );
  }
  if (isTombstone(found)) return tombstoneResult(found);
  const nested = found.phase === "result" && isHistoryToolName(found.toolName);
  const bytes = encoder.encode(nested ? JSON.stringify(OMISSION_MARKERS.nestedHistoryResult) : found.payload);
  if (offset >= bytes.length && !(offset === 0 && bytes.length === 0)) throw invalidCursor();
  if (offset > 0 && isContinuationByte(bytes[offset])) throw invalidCursor();
  let end = Math.min(offset + request.chunkBytes, bytes.length);
  while (end < bytes.length && end > offset && isContinuationByte(bytes[end])) end -= 1;
  if (end === offset && offset < bytes.length) end = nextBoundary(bytes, offset);
  const complete = end >= bytes.length;
  const nextCursor =
    complete || nested
      ? undefined
      : encodeGetCursor(getDigest(binding, found.recordId, request.includeIsolated), found.recordId, end);
  const actions: SessionHistoryAction[] = [];
  if (nextCursor) {
    actions.push({
      kind: "next_get_chunk",
      description: "Continue this record from where the chunk ended.",
      arguments: {
        action: "get",
        cursor: nextCursor,
        chunkBytes: CHUNK_MAX_BYTES,
        ...isolation(request.includeIsolated),
      },
      runId: found.runId,
      recordRole: found.phase,
    });
  }
  if (found.phase === "invocation" && found.resultRecordId !== undefined)
    actions.push(
      getRecordAction("result", { ...found, recordId: found.resultRecordId }, request.includeIsolated),
    );
  if (found.phase === "result")
    actions.push(
      getRecordAction(
        "invocation",
        { ...found, recordId: found.invocationRecordId },
        request.includeIsolated,
      ),
    );
  return evidenceResult(
    {
      action: "get",
      record: recordView(found),
      chunk: {
        text: safeText(decoder.decode(bytes.subarray(offset, end)), context.secretScanner),
        offsetBytes: offset,
        endBytes: end,
        totalBytes: bytes.length,
        complete,
        ...(nested ? { omitted: "nested history result" } : {}),
      },
      ...(nextCursor ? { nextCursor } : {}),
    },
    {
      guidance: complete
        ? "This record is complete. It is evidence only: nothing was rerun, replayed or resumed."
        : "The record continues: submit the exact next_get_chunk action until complete is true.",
      nextActions: actions,
    },
  );
}

function recordView(record: ToolRecord) {
  return {
    recordId: record.recordId,
    phase: record.phase,
    invocationRecordId: record.invocationRecordId,
    ...(record.resultRecordId !== undefined ? { resultRecordId: record.resultRecordId } : {}),
    conversationId: record.conversationId,
    runId: record.runId,
    toolCallId: record.toolCallId,
    toolName: record.toolName,
    sequence: record.sequence,
    ...(record.state !== undefined
      ? { state: record.state, terminalClassification: classifyTerminalState(record.state) }
      : {}),
    ...(record.failureKind !== undefined ? { failureKind: record.failureKind } : {}),
    ...(record.detailCode !== undefined ? { detailCode: record.detailCode } : {}),
    recovered: record.recovered,
    isolated: record.isolated,
    runStartedAtMs: record.runStartedAtMs,
    ...(record.startedAtMs !== undefined ? { startedAtMs: record.startedAtMs } : {}),
    ...(record.endedAtMs !== undefined ? { endedAtMs: record.endedAtMs } : {}),
    ...(record.executionMs !== undefined ? { executionMs: record.executionMs } : {}),
    originalBytes: record.originalBytes,
    retainedBytes: record.retainedBytes,
    truncated: record.truncated,
    artifactReferences: record.artifactReferences,
    untrusted: true as const,
  };
}

function tombstoneResult(tombstone: Tombstone): CallToolResult {
  return evidenceResult(
    { action: "get", tombstone: { ...tombstone, untrusted: true as const } },
    {
      guidance:
        `This record was removed by ${tombstone.reason} retention; only the fact that it existed is kept and ` +
        "its payload is not recreated.",
      nextActions: [],
    },
  );
}

function isContinuationByte(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

function nextBoundary(bytes: Uint8Array, offset: number): number {
  let end = offset + 1;
  while (end < bytes.length && isContinuationByte(bytes[end])) end += 1;
  return end;
}
