import type { RunSearchFields } from "./history-search-fields.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { SEARCH_SCAN_MAX_RUNS } from "./run-history-limits.js";
import { haystackOf } from "./run-history-rank.js";
import type { SafeText } from "./run-history-safe-text.js";
import { logicalConversationId } from "./run-ids.js";

/**
 * Settled runs a search cache keeps; past it the cache starts again empty. Four times the default
 * `artifacts.retention.maxCount` (reference §4.1: 50,000), about 60 MB at the largest trigger size.
 */
export const SEARCH_CACHE_MAX_RUNS = 200_000;

/** Missing runs read by id; with more missing, one scan of the whole scope reads them (store bound: 1,000 ids). */
const FETCH_BY_ID_MAX = 1_000;

/** One settled run as a search matches it: its safe fields and their folded haystack. */
export interface CachedSearchRun {
  readonly fields: RunSearchFields;
  readonly haystack: string;
}

/**
 * The searched metadata of settled runs, kept between calls by one host (an app) for one set of safe-text
 * rules. A settled run never changes (the store never rewrites one) and run ids are unique, so an entry
 * stays right for as long as the run exists; which runs exist and are in scope is read on every call.
 */
export interface RunSearchCache {
  readonly runs: Map<string, CachedSearchRun>;
}

/** A new, empty search cache. */
export function createRunSearchCache(): RunSearchCache {
  return { runs: new Map() };
}

/**
 * The settled runs in the context's scope, newest first, without the current run: one index-only read of
 * the scope's run ids per call; runs not seen before are read once (by id, or by one scope scan when many).
 */
export async function settledRunsInScope(
  context: RunHistoryContext,
  cache: RunSearchCache,
  safe: SafeText,
): Promise<CachedSearchRun[]> {
  const conversation =
    context.rollover === "daily"
      ? { logicalConversationId: logicalConversationId(context.conversationId) }
      : { conversationId: context.conversationId };
  const runIds = await context.store.listRunIds(conversation);
  const found: (CachedSearchRun | undefined)[] = new Array(runIds.length);
  const missing: string[] = [];
  for (let index = 0; index < runIds.length; index += 1) {
    const runId = runIds[index] as string;
    const cached = cache.runs.get(runId);
    found[index] = cached;
    if (!cached && runId !== context.runId) missing.push(runId);
  }
  if (missing.length > 0) {
    if (cache.runs.size + missing.length > SEARCH_CACHE_MAX_RUNS) cache.runs.clear();
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
  for (let index = 0; index < runIds.length; index += 1) {
    const cached = found[index];
    if (cached && runIds[index] !== context.runId) inScope.push(cached);
  }
  return inScope;
}
