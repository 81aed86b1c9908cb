import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { isHistoryToolName, OMISSION_MARKERS, truncateUtf8, utf8ByteLength } from "@mono-agent/evidence";
import { PREVIEW_MAX_BYTES } from "./limits.js";
import { safeText } from "./safe-text.js";
import { type SessionHistoryContext, scopeOf } from "./session-history-context.js";
import { decodeCursor, encodeSearchCursor, invalidCursor, searchDigest } from "./session-history-cursors.js";
import { getRecordAction, isolation, type SessionHistoryAction } from "./session-history-navigation.js";
import type { SearchRequest } from "./session-history-request.js";
import type { CallOrderingKey } from "./session-history-store.js";
import { evidenceResult } from "./tool-call-result.js";
import type { ToolCallSummary } from "./tool-record.js";

/** Bytes of a preview given to the arguments; the rest goes to the result. */
const PREVIEW_INVOCATION_BYTES = 384;

/** Runs a validated search: newest completed calls in scope, filters exact, terms AND-matched. */
export async function searchToolCalls(
  context: SessionHistoryContext,
  request: SearchRequest,
): Promise<CallToolResult> {
  const scope = scopeOf(context, request.includeIsolated);
  const binding = { ...context, rollover: scope.rollover };
  const digest = searchDigest(binding, request);
  let before: CallOrderingKey | undefined;
  if (request.cursor !== undefined) {
    const cursor = decodeCursor(request.cursor);
    if (cursor.kind !== "search" || cursor.digest !== digest) throw invalidCursor();
    const anchor = await context.store.getCall(scope, cursor.recordId);
    if (
      !anchor ||
      anchor.resultRecordId === undefined ||
      anchor.runStartedAtMs !== cursor.runStartedAtMs ||
      anchor.runId !== cursor.runId ||
      anchor.startSequence !== cursor.startSequence ||
      anchor.toolCallId !== cursor.toolCallId
    ) {
      throw invalidCursor();
    }
    before = cursor;
  }
  const found = await context.store.searchCalls({
    scope,
    terms: request.terms,
    ...(request.tools ? { tools: request.tools } : {}),
    ...(request.states ? { states: request.states } : {}),
    ...(request.runIds ? { runIds: request.runIds } : {}),
    ...(request.fromMs !== undefined ? { fromMs: request.fromMs } : {}),
    ...(request.toMs !== undefined ? { toMs: request.toMs } : {}),
    ...(before ? { before } : {}),
    limit: request.limit + 1,
  });
  const calls = found.slice(0, request.limit);
  const hasMore = found.length > request.limit;
  const last = calls.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeSearchCursor(digest, {
          runStartedAtMs: last.runStartedAtMs,
          runId: last.runId,
          startSequence: last.startSequence,
          toolCallId: last.toolCallId,
          recordId: last.recordId,
        })
      : undefined;
  const items = calls.map((call) => searchItem(call, context));
  return evidenceResult(
    {
      action: "search",
      ...(request.query !== undefined ? { query: request.query } : {}),
      items,
      count: items.length,
      hasMore,
      ...(nextCursor ? { nextCursor } : {}),
    },
    { guidance: guidanceFor(request, items.length), nextActions: nextActionsFor(request, calls, nextCursor) },
  );
}

function searchItem(call: ToolCallSummary, context: SessionHistoryContext) {
  const preview = previewOf(call, context);
  return {
    recordId: call.recordId,
    ...(call.resultRecordId !== undefined ? { resultRecordId: call.resultRecordId } : {}),
    conversationId: call.conversationId,
    runId: call.runId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    startSequence: call.startSequence,
    ...(call.endSequence !== undefined ? { endSequence: call.endSequence } : {}),
    ...(call.state !== undefined ? { state: call.state } : {}),
    startedAtMs: call.startedAtMs,
    ...(call.endedAtMs !== undefined ? { endedAtMs: call.endedAtMs } : {}),
    isolated: call.isolated,
    recovered: call.recovered,
    preview: preview.text,
    truncated: call.truncated || preview.cut,
    artifactReferences: call.artifactReferences,
    untrusted: true as const,
  };
}

/** `arguments: … → result: …`, at most 1 KiB; a nested history result shows only its omission marker. */
function previewOf(call: ToolCallSummary, context: SessionHistoryContext): { text: string; cut: boolean } {
  const args = safeText(call.invocationPayload, context.secretScanner);
  const result = isHistoryToolName(call.toolName)
    ? JSON.stringify(OMISSION_MARKERS.nestedHistoryResult)
    : safeText(call.resultPayload ?? "null", context.secretScanner);
  const head = `arguments: ${truncateUtf8(args, PREVIEW_INVOCATION_BYTES)}\nresult: `;
  const text = truncateUtf8(head + result, PREVIEW_MAX_BYTES);
  return {
    text,
    cut: utf8ByteLength(args) > PREVIEW_INVOCATION_BYTES || utf8ByteLength(head + result) > PREVIEW_MAX_BYTES,
  };
}

function guidanceFor(request: SearchRequest, count: number): string {
  if (count === 0 && request.runIds) {
    return (
      "No retained completed managed-tool call of that run is in this session's scope. Do not broaden the " +
      "search to another run or conversation; any continuation is fresh work with fresh verification."
    );
  }
  if (count === 0)
    return "No retained completed managed-tool call matched. Fewer terms or filters may match.";
  return (
    "Previews are bounded and are not full records. Read the result record first (resultRecordId) with the " +
    "exact get action below, and the invocation record when its arguments matter; follow next_get_chunk " +
    "until a record is complete. This evidence never reruns, replays or resumes a tool."
  );
}

function nextActionsFor(
  request: SearchRequest,
  calls: readonly ToolCallSummary[],
  nextCursor: string | undefined,
): SessionHistoryAction[] {
  const actions: SessionHistoryAction[] = [];
  for (const call of calls) {
    if (call.resultRecordId !== undefined)
      actions.push(
        getRecordAction("result", { ...call, recordId: call.resultRecordId }, request.includeIsolated),
      );
    actions.push(getRecordAction("invocation", call, request.includeIsolated));
  }
  if (nextCursor) {
    actions.push({
      kind: "next_search_page",
      description: "The next page of older matching calls (same filters).",
      arguments: {
        action: "search",
        ...(request.query !== undefined ? { query: request.query } : {}),
        ...(request.tools ? { tools: request.tools } : {}),
        ...(request.states ? { states: request.states } : {}),
        ...(request.runIds ? { runIds: request.runIds } : {}),
        ...(request.fromMs !== undefined ? { fromMs: request.fromMs } : {}),
        ...(request.toMs !== undefined ? { toMs: request.toMs } : {}),
        limit: request.limit,
        ...isolation(request.includeIsolated),
        cursor: nextCursor,
      },
    });
  }
  return actions;
}
