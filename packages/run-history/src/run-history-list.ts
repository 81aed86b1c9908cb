import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { runCandidate } from "./run-history-candidate.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { decodeRunHistoryCursor, encodeRunHistoryCursor } from "./run-history-cursors.js";
import { CANDIDATE_INSPECT_ACTIONS, RUN_HISTORY_DEFAULT_LIMIT } from "./run-history-limits.js";
import { inspectAction, type RunHistoryAction } from "./run-history-navigation.js";
import type { RunHistoryRequest } from "./run-history-request.js";
import { evidenceResult } from "./run-history-result.js";
import type { SafeText } from "./run-history-safe-text.js";
import { historyFailure, isListableRunId, scopeFilter } from "./run-history-scope.js";
import type { TerminalRunStatus } from "./run-status.js";
import type { RunSummary } from "./run-summary.js";

/** `{}`: the most recent settled runs of this conversation, newest first, with keyset paging. */
export async function listRunHistory(
  context: RunHistoryContext,
  request: Extract<RunHistoryRequest, { action: "list" }>,
  safe: SafeText,
): Promise<CallToolResult> {
  let afterRunId = request.cursor ? decodeRunHistoryCursor(request.cursor, "list").afterRunId : undefined;
  const collected: RunSummary[] = [];
  let storeHasMore = true;
  try {
    while (collected.length <= request.limit && storeHasMore) {
      const page = await context.store.listRuns({
        ...scopeFilter(context),
        limit: request.limit + 1,
        ...(afterRunId !== undefined ? { afterRunId } : {}),
      });
      collected.push(...page.runs.filter((run) => isListableRunId(run.runId, safe)));
      storeHasMore = page.hasMore;
      afterRunId = page.runs.at(-1)?.runId;
      if (afterRunId === undefined) break;
    }
  } catch (error) {
    throw historyFailure(error);
  }
  const runs = collected.slice(0, request.limit);
  const hasMore = collected.length > request.limit;
  const last = runs.at(-1);
  const nextCursor =
    hasMore && last ? encodeRunHistoryCursor({ kind: "list", afterRunId: last.runId }) : undefined;
  const nextActions: RunHistoryAction[] = runs
    .slice(0, CANDIDATE_INSPECT_ACTIONS)
    .map((run) => inspectAction(run.runId, run.status as TerminalRunStatus));
  if (nextCursor !== undefined)
    nextActions.push({
      kind: "next_page",
      description: "List the next older settled runs.",
      arguments: {
        cursor: nextCursor,
        ...(request.limit !== RUN_HISTORY_DEFAULT_LIMIT ? { limit: request.limit } : {}),
      },
    });
  return evidenceResult(
    {
      action: "list",
      runs: runs.map((run) => runCandidate(run, safe)),
      count: runs.length,
      hasMore,
      ...(nextCursor !== undefined ? { nextCursor } : {}),
      warnings: [],
    },
    {
      guidance:
        runs.length === 0
          ? request.cursor
            ? "No older settled runs in this conversation."
            : "No earlier settled run in this conversation: there is nothing recorded to pick up. Work from the active conversation."
          : "Settled runs of this conversation, newest first. Inspect one with its exact runId; a cancelled or " +
            "interrupted run left incomplete evidence, not a finished result.",
      nextActions,
    },
  );
}
