import type { RunSearchFields, SettledRunSearchFields } from "./history-search-fields.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { haystackOf } from "./run-history-rank.js";
import { legacySettledRunsInScope } from "./run-history-search-legacy.js";
import type { SafeText } from "./run-history-safe-text.js";
import { logicalConversationId } from "./run-ids.js";
import type { SettledRunsPosition, SettledRunsSince } from "./run-store.js";

/**
 * Settled runs a search cache keeps; past it the other conversations are dropped. Four times the default
 * `artifacts.retention.maxCount` (reference §4.1: 50,000), about 60 MB at the largest trigger size.
 */
export const SEARCH_CACHE_MAX_RUNS = 200_000;

/** One settled run as a search matches it: its safe fields and their folded haystack. */
export interface CachedSearchRun {
  readonly fields: RunSearchFields;
  readonly haystack: string;
}

/** A run of a {@link RunSearchScope}: its fields carry its place in the order. */
export interface ScopedSearchRun extends CachedSearchRun {
  readonly fields: SettledRunSearchFields;
}

/** The settled runs of one conversation scope, oldest first (`updatedAt`, then run id), current to `position`. */
export interface RunSearchScope {
  readonly runs: ScopedSearchRun[];
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
 * The settled runs in the context's scope, oldest first (rank them from the end); the current run may be
 * among them. Valid until the next `await`: rank them right away.
 */
export async function settledRunsInScope(
  context: RunHistoryContext,
  cache: RunSearchCache,
  safe: SafeText,
): Promise<readonly CachedSearchRun[]> {
  const conversation =
    context.rollover === "daily"
      ? { logicalConversationId: logicalConversationId(context.conversationId) }
      : { conversationId: context.conversationId };
  const key =
    conversation.logicalConversationId !== undefined
      ? `logical:${conversation.logicalConversationId}`
      : `conversation:${context.conversationId}`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const known = cache.scopes.get(key);
    const read = await context.store.readSettledRunsSince(
      known ? { ...conversation, after: known.position } : conversation,
    );
    if (!read) return legacySettledRunsInScope(context, cache, conversation, safe);
    const current = cache.scopes.get(key);
    if (!known) {
      // A concurrent call may have read the scope meanwhile: keep whichever read is newer.
      if (current && !isNewer(read.position, current.position)) return current.runs;
      return replaceScope(cache, key, wholeScope(read, safe)).runs;
    }
    if (current === known) {
      if (isNewer(read.position, known.position)) applyChanges(cache, key, known, read, safe);
      return known.runs;
    }
    if (current && !isNewer(read.position, current.position)) return current.runs;
    // The scope was dropped (cache bound) or replaced by an older read: read it whole once more.
    cache.scopes.delete(key);
  }
  throw new Error("the search cache could not be brought up to date");
}

function isNewer(read: SettledRunsPosition, kept: SettledRunsPosition): boolean {
  return read.settled > kept.settled || read.deleted > kept.deleted;
}

function compareRuns(left: SettledRunSearchFields, right: SettledRunSearchFields): number {
  if (left.updatedAtMs !== right.updatedAtMs) return left.updatedAtMs - right.updatedAtMs;
  return left.runId < right.runId ? -1 : left.runId > right.runId ? 1 : 0;
}

function cached(fields: SettledRunSearchFields, safe: SafeText): ScopedSearchRun {
  return { fields, haystack: haystackOf(fields, safe) };
}

function wholeScope(read: SettledRunsSince, safe: SafeText): RunSearchScope {
  const runs = read.runs
    .filter((fields) => fields.status !== "running")
    .map((fields) => cached(fields, safe));
  for (let index = 1; index < runs.length; index += 1)
    if (
      compareRuns((runs[index - 1] as ScopedSearchRun).fields, (runs[index] as ScopedSearchRun).fields) >= 0
    ) {
      runs.sort((left, right) => compareRuns(left.fields, right.fields));
      break;
    }
  return { runs, position: read.position };
}

/** Keeps `scope` under `key`, dropping other scopes when the cache would pass its bound. */
function replaceScope(cache: RunSearchCache, key: string, scope: RunSearchScope): RunSearchScope {
  makeRoom(cache, key, scope.runs.length);
  cache.scopes.set(key, scope);
  return scope;
}

function makeRoom(cache: RunSearchCache, key: string, adding: number): void {
  let kept = cache.runs.size + adding;
  for (const [other, scope] of cache.scopes) if (other !== key) kept += scope.runs.length;
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
): void {
  if (read.remainingRunIds) {
    const remaining = new Set(read.remainingRunIds);
    let kept = 0;
    for (const run of scope.runs) if (remaining.has(run.fields.runId)) scope.runs[kept++] = run;
    scope.runs.length = kept;
  }
  if (read.runs.length > 0) makeRoom(cache, key, scope.runs.length + read.runs.length);
  for (const fields of read.runs) {
    if (fields.status === "running") continue;
    const { runs } = scope;
    const last = runs.at(-1);
    if (!last || compareRuns(last.fields, fields) < 0) {
      runs.push(cached(fields, safe));
      continue;
    }
    let low = 0;
    let high = runs.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareRuns((runs[middle] as ScopedSearchRun).fields, fields) < 0) low = middle + 1;
      else high = middle;
    }
    const at = runs[low];
    if (!at || compareRuns(at.fields, fields) !== 0) runs.splice(low, 0, cached(fields, safe));
  }
  scope.position = read.position;
}
