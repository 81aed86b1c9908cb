import type { RunSearchFields, SettledRunSearchFields } from "./history-search-fields.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { SEARCH_CACHE_MAX_RUNS } from "./run-history-limits.js";
import { haystackOf, type RankedRuns, rankRuns } from "./run-history-rank.js";
import type { SafeText } from "./run-history-safe-text.js";
import { settledRunsInScopeById } from "./run-history-search-by-id.js";
import {
  addToRunSearchIndex,
  compareRuns,
  createRunSearchIndex,
  keepOnlyRuns,
  type RunSearchIndex,
  rankIndexedRuns,
} from "./run-history-search-index.js";
import { logicalConversationId } from "./run-ids.js";
import type { SettledRunsPosition, SettledRunsSince } from "./run-store.js";

/** Removed runs a scope's index carries before it is rebuilt from the runs kept (at least this many, and more than are kept). */
const INDEX_REBUILD_MIN_REMOVED = 1_000;

/** One settled run as a search matches it: its safe fields and their folded haystack. */
export interface CachedSearchRun {
  readonly fields: RunSearchFields;
  readonly haystack: string;
}

/** The settled runs of one conversation scope, indexed, current to `position` of the store. */
export interface RunSearchScope {
  readonly index: RunSearchIndex;
  position: SettledRunsPosition;
}

/**
 * The searched metadata of settled runs, kept between calls by one host (an app) for one set of safe-text
 * rules. A settled run never changes (the store never rewrites one) and run ids are unique, so an entry
 * stays right for as long as the run exists; each call asks the store only what settled or was deleted
 * since the scope's last read ({@link RunStore.readSettledRunsSince}).
 */
export interface RunSearchCache {
  /** Per scope (`conversation:<id>` or `logical:<id>`). */
  readonly scopes: Map<string, RunSearchScope>;
  /** By run id, for stores that cannot tell what changed (a read-only SQLite file of an older schema). */
  readonly runs: Map<string, CachedSearchRun>;
}

/** A new, empty search cache. */
export function createRunSearchCache(): RunSearchCache {
  return { scopes: new Map(), runs: new Map() };
}

/**
 * The settled runs in the context's scope, without the current run, ranked for `terms` ({@link rankRuns}):
 * through the cache's index of the scope, or, without a cache, by scanning one read of the whole scope.
 */
export async function rankSettledRunsInScope(
  context: RunHistoryContext,
  cache: RunSearchCache | undefined,
  safe: SafeText,
  terms: readonly string[],
): Promise<RankedRuns> {
  const conversation =
    context.rollover === "daily"
      ? { logicalConversationId: logicalConversationId(context.conversationId) }
      : { conversationId: context.conversationId };
  if (!cache) {
    const read = await context.store.readSettledRunsSince(conversation);
    const runs = read
      ? [...read.runs]
          .sort(compareRuns)
          .filter((fields) => fields.status !== "running" && fields.runId !== context.runId)
          .map((fields) => ({ fields, haystack: haystackOf(fields, safe) }))
      : await settledRunsInScopeById(context, createRunSearchCache(), conversation, safe);
    return rankRuns(runs, terms);
  }
  const key =
    conversation.logicalConversationId !== undefined
      ? `logical:${conversation.logicalConversationId}`
      : `conversation:${context.conversationId}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const known = cache.scopes.get(key);
    const read = await context.store.readSettledRunsSince(
      known ? { ...conversation, after: known.position } : conversation,
    );
    if (!read) return rankRuns(await settledRunsInScopeById(context, cache, conversation, safe), terms);
    // Ranked right away, before any other await: the scope cannot change under it.
    const current = cache.scopes.get(key);
    let scope: RunSearchScope | undefined;
    if (current && !isNewer(read.position, current.position)) scope = current;
    else if (!known) scope = keep(cache, key, wholeScope(read, safe));
    else if (current === known) scope = applyChanges(cache, key, known, read, safe);
    if (scope) return rankIndexedRuns(scope.index, terms, context.runId);
    // The scope was dropped (cache bound) while this call read its changes: read it whole once more.
    cache.scopes.delete(key);
  }
  throw new Error("the search cache could not be brought up to date");
}

function isNewer(read: SettledRunsPosition, kept: SettledRunsPosition): boolean {
  return read.settled > kept.settled || read.deleted > kept.deleted;
}

function indexRuns(runs: readonly SettledRunSearchFields[], safe: SafeText): RunSearchIndex {
  const index = createRunSearchIndex();
  for (const fields of [...runs].sort(compareRuns))
    if (fields.status !== "running") addToRunSearchIndex(index, fields, haystackOf(fields, safe));
  return index;
}

function wholeScope(read: SettledRunsSince, safe: SafeText): RunSearchScope {
  return { index: indexRuns(read.runs, safe), position: read.position };
}

/** Keeps `scope` under `key`, dropping the other scopes when the cache would pass its bound. */
function keep(cache: RunSearchCache, key: string, scope: RunSearchScope): RunSearchScope {
  makeRoom(cache, key, scope.index.order.length);
  cache.scopes.set(key, scope);
  return scope;
}

function makeRoom(cache: RunSearchCache, key: string, adding: number): void {
  let kept = cache.runs.size + adding;
  for (const [other, scope] of cache.scopes) if (other !== key) kept += scope.index.order.length;
  if (kept <= SEARCH_CACHE_MAX_RUNS) return;
  cache.runs.clear();
  for (const other of [...cache.scopes.keys()]) if (other !== key) cache.scopes.delete(other);
}

function applyChanges(
  cache: RunSearchCache,
  key: string,
  scope: RunSearchScope,
  read: SettledRunsSince,
  safe: SafeText,
): RunSearchScope {
  if (read.remainingRunIds) {
    const { index } = scope;
    keepOnlyRuns(index, new Set(read.remainingRunIds));
    if (index.removed >= INDEX_REBUILD_MIN_REMOVED && index.removed > index.order.length) {
      const kept = index.order.map((slot) => index.slots[slot] as SettledRunSearchFields);
      return keep(cache, key, { index: indexRuns([...kept, ...read.runs], safe), position: read.position });
    }
  }
  if (read.runs.length > 0) makeRoom(cache, key, scope.index.order.length + read.runs.length);
  for (const fields of read.runs)
    if (fields.status !== "running") addToRunSearchIndex(scope.index, fields, haystackOf(fields, safe));
  scope.position = read.position;
  return scope;
}
