import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { SecretScanner } from "@mono-agent/evidence";
import type { RunSearchFields } from "./history-search-fields.js";
import { runCandidate } from "./run-history-candidate.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { decodeRunHistoryCursor, encodeRunHistoryCursor, invalidCursor } from "./run-history-cursors.js";
import { CANDIDATE_INSPECT_ACTIONS, RUN_HISTORY_DEFAULT_LIMIT } from "./run-history-limits.js";
import {
  inspectAction,
  LIST_ACTION,
  type RunHistoryAction,
  type RunHistoryNavigation,
} from "./run-history-navigation.js";
import { loadRunTimeline, type RunOverview, runOverview } from "./run-history-overview.js";
import { matchedTerms, type RankedRuns } from "./run-history-rank.js";
import type { RunHistoryRequest } from "./run-history-request.js";
import { evidenceResult } from "./run-history-result.js";
import type { SafeText } from "./run-history-safe-text.js";
import { historyFailure, isListableRunId } from "./run-history-scope.js";
import { rankSettledRunsInScope } from "./run-history-search-cache.js";
import type { TerminalRunStatus } from "./run-status.js";
import type { RunSummary } from "./run-summary.js";

type SearchRequest = Extract<RunHistoryRequest, { action: "search" }>;

/**
 * `{ query }`: scans the safe metadata of every settled run in scope once (never event JSONL), ranks by
 * terms carried, pages with a cursor bound to the query's terms, and hydrates a single match's overview.
 */
export async function searchRunHistory(
  context: RunHistoryContext,
  request: SearchRequest,
  safe: SafeText,
  scanner: SecretScanner | undefined,
): Promise<CallToolResult> {
  const queryDigest = context.digest(request.terms.join("\u0000"));
  const cursor = request.cursor ? decodeRunHistoryCursor(request.cursor, "search") : undefined;
  if (cursor && cursor.queryDigest !== queryDigest) throw invalidCursor();
  let ranked: RankedRuns;
  try {
    ranked = await rankSettledRunsInScope(context, context.searchCache, safe, request.terms);
  } catch (error) {
    throw historyFailure(error);
  }
  let start = 0;
  if (cursor) {
    let anchor = 0;
    while (anchor < ranked.count && ranked.runAt(anchor).runId !== cursor.afterRunId) anchor += 1;
    if (anchor === ranked.count || !isListableRunId(cursor.afterRunId, safe)) throw invalidCursor();
    start = anchor + 1;
  }
  // Listable ids are checked lazily, on the runs a page takes: skipping is deterministic, so pages stay stable.
  const slice: RunSearchFields[] = [];
  let position = start;
  for (; position < ranked.count && slice.length < request.limit; position += 1) {
    const run = ranked.runAt(position);
    if (isListableRunId(run.runId, safe)) slice.push(run);
  }
  let hasMore = false;
  for (let rest = position; rest < ranked.count && !hasMore; rest += 1)
    hasMore = isListableRunId(ranked.runAt(rest).runId, safe);
  const matchCount = hasMore || start > 0 ? undefined : slice.length;
  let summaries: RunSummary[];
  try {
    summaries = (await Promise.all(slice.map((run) => context.store.getRun(run.runId)))).filter(
      (run): run is RunSummary => run !== undefined && run.status !== "running",
    );
  } catch (error) {
    throw historyFailure(error);
  }
  const last = slice.at(-1);
  const nextCursor =
    hasMore && last
      ? encodeRunHistoryCursor({ kind: "search", afterRunId: last.runId, queryDigest })
      : undefined;
  let hydrated: { overview: RunOverview; navigation: RunHistoryNavigation } | undefined;
  const single = summaries[0];
  if (!cursor && matchCount === 1 && single) {
    try {
      hydrated = runOverview(single, await loadRunTimeline(context, single, safe, scanner), safe);
    } catch {
      hydrated = undefined;
    }
  }
  let best: RunSearchFields | undefined;
  for (let rank = 0; rank < ranked.count && !best; rank += 1)
    if (isListableRunId(ranked.runAt(rank).runId, safe)) best = ranked.runAt(rank);
  const nextActions: RunHistoryAction[] = hydrated
    ? [...hydrated.navigation.nextActions]
    : [
        ...summaries
          .slice(0, CANDIDATE_INSPECT_ACTIONS)
          .map((run) => inspectAction(run.runId, run.status as TerminalRunStatus)),
        ...(nextCursor !== undefined
          ? [
              {
                kind: "next_page" as const,
                description: "Show the next ranked matches of the same query.",
                arguments: {
                  query: request.query,
                  cursor: nextCursor,
                  ...(request.limit !== RUN_HISTORY_DEFAULT_LIMIT ? { limit: request.limit } : {}),
                },
              },
            ]
          : []),
        LIST_ACTION,
      ];
  let guidance: string;
  if (ranked.count === 0 || (start === 0 && slice.length === 0))
    guidance =
      "No settled run of this conversation matched any term. Try other words, or list recent runs with {}.";
  else if (ranked.matchedAllTerms)
    guidance = `${matchCount ?? "Several"} run(s) carried every term of the query.${hydrated ? " The single match's overview is included." : ""}`;
  else
    guidance =
      `No run carried every term of the query; these runs matched some. The best candidate, run ${best?.runId}, matched only ` +
      `${
        best
          ? matchedTerms(best, request.terms, safe)
              .map((entry) => `"${entry.term}" (${entry.fields.join(", ")})`)
              .join(", ")
          : ""
      }. ` +
      "Check that it is the run meant before relying on it.";
  return evidenceResult(
    {
      action: "search",
      query: safe.evidence(request.query),
      matchedAllTerms: ranked.matchedAllTerms,
      runs: summaries.map((run) => runCandidate(run, safe)),
      count: summaries.length,
      hasMore,
      ...(nextCursor !== undefined ? { nextCursor } : {}),
      ...(hydrated ? { overview: hydrated.overview } : {}),
      warnings: [],
    },
    {
      guidance: hydrated ? `${guidance} ${hydrated.navigation.guidance}` : guidance,
      nextActions,
      ...(hydrated?.navigation.relatedTools ? { relatedTools: hydrated.navigation.relatedTools } : {}),
    },
  );
}
