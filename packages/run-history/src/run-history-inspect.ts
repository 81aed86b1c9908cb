import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { SecretScanner } from "@mono-agent/evidence";
import type { RunHistoryContext } from "./run-history-context.js";
import { decodeRunHistoryCursor, invalidCursor } from "./run-history-cursors.js";
import { loadRunTimeline, runOverview } from "./run-history-overview.js";
import type { RunHistoryRequest } from "./run-history-request.js";
import { evidenceResult } from "./run-history-result.js";
import type { SafeText } from "./run-history-safe-text.js";
import { historyFailure, inspectableRun } from "./run-history-scope.js";
import { timelinePage } from "./run-history-timeline-page.js";

/** `{ runId }`: the compact overview; `{ runId, cursor }`: the next timeline page. */
export async function inspectRunHistory(
  context: RunHistoryContext,
  request: Extract<RunHistoryRequest, { action: "inspect" }>,
  safe: SafeText,
  scanner: SecretScanner | undefined,
): Promise<CallToolResult> {
  const cursor = request.cursor ? decodeRunHistoryCursor(request.cursor, "timeline") : undefined;
  if (cursor && cursor.runId !== request.runId) throw invalidCursor();
  const summary = await inspectableRun(context, request.runId, safe);
  const timeline = await loadRunTimeline(context, summary, safe, scanner).catch((error: unknown) => {
    throw historyFailure(error);
  });
  if (cursor) {
    const { page, navigation } = timelinePage(summary, timeline, cursor.offset);
    return evidenceResult(page, navigation);
  }
  const { overview, navigation } = runOverview(summary, timeline, safe);
  return evidenceResult(overview, navigation);
}
