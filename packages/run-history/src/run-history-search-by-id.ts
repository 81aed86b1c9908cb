import type { RunSearchFields } from "./history-search-fields.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { SEARCH_CACHE_MAX_RUNS, SEARCH_SCAN_MAX_RUNS } from "./run-history-limits.js";
import { haystackOf } from "./run-history-rank.js";
import type { SafeText } from "./run-history-safe-text.js";
import type { CachedSearchRun, RunSearchCache } from "./run-history-search-cache.js";
import type { ListRunsQuery } from "./run-store.js";

/** Missing runs read by id; with more missing, one scan of the whole scope reads them (store bound: 1,000 ids). */
const FETCH_BY_ID_MAX = 1_000;

/**
 * The settled runs in scope, oldest first, without the current run, for a store that cannot tell what
 * changed: one index-only read of the scope's run ids per call; runs not seen before are read once (by id,
 * or by one scope scan when many) and kept in `cache.runs`.
 */
export async function settledRunsInScopeById(
  context: RunHistoryContext,
  cache: RunSearchCache,
  conversation: Pick<ListRunsQuery, "conversationId" | "logicalConversationId">,
  safe: SafeText,
): Promise<CachedSearchRun[]> {
  const runIds = await context.store.listRunIds(conversation);
  const found: (CachedSearchRun | undefined)[] = new Array(runIds.length);
  const missing: string[] = [];
  for (let index = 0; index < runIds.length; index += 1) {
    const runId = runIds[index] as string;
    const known = cache.runs.get(runId);
    found[index] = known;
    if (!known && runId !== context.runId) missing.push(runId);
  }
  if (missing.length > 0) {
    if (cache.runs.size + missing.length > SEARCH_CACHE_MAX_RUNS) {
      cache.runs.clear();
      cache.scopes.clear();
    }
    const remember = (fields: RunSearchFields) => {
      if (fields.status !== "running")
        cache.runs.set(fields.runId, { fields, haystack: haystackOf(fields, safe) });
    };
    if (missing.length > FETCH_BY_ID_MAX) {
      const scanned = await context.store.scanRunSearchFields({
        ...conversation,
        limit: SEARCH_SCAN_MAX_RUNS,
      });
      for (const fields of scanned) if (!cache.runs.has(fields.runId)) remember(fields);
    } else for (const fields of await context.store.getRunSearchFields(missing)) remember(fields);
    for (let index = 0; index < runIds.length; index += 1)
      if (!found[index]) found[index] = cache.runs.get(runIds[index] as string);
  }
  const inScope: CachedSearchRun[] = [];
  for (let index = runIds.length - 1; index >= 0; index -= 1) {
    const known = found[index];
    if (known && runIds[index] !== context.runId) inScope.push(known);
  }
  return inScope;
}
