import type { SettledRunSearchFields } from "./history-search-fields.js";
import { type RankedRuns, rankScored } from "./run-history-rank.js";
import { termRunsOf } from "./run-history-terms.js";

/**
 * The settled runs of one conversation scope with a token index of their search haystacks. A token is a
 * maximal run of letters and numbers of a folded haystack; a term (letters and numbers only) occurs in a
 * haystack exactly when it occurs inside one of its tokens. So a search scans the distinct tokens once per
 * term (not every run) and adds up the postings of the tokens that hold it: same matches as scanning every
 * haystack, at a cost that follows the number of distinct tokens and of matches.
 */
export interface RunSearchIndex {
  /** Each run ever added, by slot; undefined once removed. */
  readonly slots: (SettledRunSearchFields | undefined)[];
  /** Slots of the runs kept, oldest first (`updatedAt`, then run id). */
  readonly order: number[];
  /** The slot of each run kept, by run id. */
  readonly slotOfRun: Map<string, number>;
  /** Removed runs whose slots are still in the postings. */
  removed: number;
  readonly tokenIds: Map<string, number>;
  /** By token id: the slots whose haystack holds the token, ascending (one slot: the number alone). */
  readonly postings: (number | number[])[];
  /** Every token followed by NUL, in id order (tokens of `pending` not yet appended). */
  vocabulary: string;
  /** By token id: where the token starts in the vocabulary. */
  readonly tokenStarts: number[];
  readonly pending: string[];
  vocabularyLength: number;
}

/** A new, empty index. */
export function createRunSearchIndex(): RunSearchIndex {
  return {
    slots: [],
    order: [],
    slotOfRun: new Map(),
    removed: 0,
    tokenIds: new Map(),
    postings: [],
    vocabulary: "",
    tokenStarts: [],
    pending: [],
    vocabularyLength: 0,
  };
}

/** Order of runs in an index: `updatedAt`, then run id, as the store's `ORDER BY updated_at_ms, run_id`. */
export function compareRuns(left: SettledRunSearchFields, right: SettledRunSearchFields): number {
  if (left.updatedAtMs !== right.updatedAtMs) return left.updatedAtMs - right.updatedAtMs;
  return compareAsSqlite(left.runId, right.runId);
}

/**
 * SQLite's BINARY order of two texts (their UTF-8 bytes), which is code point order: UTF-16 code units
 * compare the same way except that surrogates (code points above U+FFFF) sort after U+E000–U+FFFF.
 */
function compareAsSqlite(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let position = 0; position < length; position += 1) {
    const a = left.charCodeAt(position);
    const b = right.charCodeAt(position);
    if (a !== b) return codePointRank(a) - codePointRank(b);
  }
  return left.length - right.length;
}

function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

/**
 * Adds a settled run with its folded haystack. A run already kept with the same `updatedAt` and id is left
 * alone; one kept with the same id only (its id reused after a deletion) is replaced.
 */
export function addToRunSearchIndex(
  index: RunSearchIndex,
  fields: SettledRunSearchFields,
  haystack: string,
): void {
  const { order, slots } = index;
  const kept = index.slotOfRun.get(fields.runId);
  if (kept !== undefined) {
    if (compareRuns(slots[kept] as SettledRunSearchFields, fields) === 0) return;
    removeSlot(index, kept);
  }
  const at = insertionPoint(index, fields);
  const slot = slots.length;
  slots.push(fields);
  index.slotOfRun.set(fields.runId, slot);
  if (at === order.length) order.push(slot);
  else order.splice(at, 0, slot);
  for (const token of termRunsOf(haystack)) {
    let id = index.tokenIds.get(token);
    if (id === undefined) {
      id = index.postings.length;
      index.tokenIds.set(token, id);
      index.postings.push(slot);
      index.tokenStarts.push(index.vocabularyLength);
      index.pending.push(token);
      index.vocabularyLength += token.length + 1;
      continue;
    }
    const posting = index.postings[id] as number | number[];
    if (typeof posting === "number") {
      if (posting !== slot) index.postings[id] = [posting, slot];
    } else if (posting.at(-1) !== slot) posting.push(slot);
  }
}

/** Where a run goes in `order`: after every run that sorts before it. */
function insertionPoint(index: RunSearchIndex, fields: SettledRunSearchFields): number {
  const { order, slots } = index;
  const last = order.at(-1);
  if (last === undefined || compareRuns(slots[last] as SettledRunSearchFields, fields) < 0)
    return order.length;
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareRuns(slots[order[middle] as number] as SettledRunSearchFields, fields) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

function removeSlot(index: RunSearchIndex, slot: number): void {
  const position = index.order.indexOf(slot);
  if (position >= 0) index.order.splice(position, 1);
  const fields = index.slots[slot];
  if (fields && index.slotOfRun.get(fields.runId) === slot) index.slotOfRun.delete(fields.runId);
  index.slots[slot] = undefined;
  index.removed += 1;
}

/** Removes the runs whose ids are not in `keep`. */
export function keepOnlyRuns(index: RunSearchIndex, keep: ReadonlySet<string>): void {
  let kept = 0;
  const { order, slots } = index;
  for (const slot of order) {
    const fields = slots[slot] as SettledRunSearchFields;
    if (keep.has(fields.runId)) order[kept++] = slot;
    else {
      slots[slot] = undefined;
      index.slotOfRun.delete(fields.runId);
      index.removed += 1;
    }
  }
  order.length = kept;
}

function tokenAt(index: RunSearchIndex, position: number): number {
  const starts = index.tokenStarts;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((starts[middle] as number) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** {@link rankRuns} over the indexed runs, without `excludeRunId`: the same ranking, read through the token postings. */
export function rankIndexedRuns(
  index: RunSearchIndex,
  terms: readonly string[],
  excludeRunId?: string,
): RankedRuns {
  if (index.pending.length > 0) {
    index.vocabulary += `${index.pending.join("\u0000")}\u0000`;
    index.pending.length = 0;
  }
  const { vocabulary, tokenStarts, postings, slots } = index;
  const scores = new Uint16Array(slots.length);
  const lastTerm = new Uint16Array(slots.length);
  const count = (slot: number, mark: number) => {
    if (lastTerm[slot] === mark) return;
    lastTerm[slot] = mark;
    scores[slot] = (scores[slot] as number) + 1;
  };
  for (let termIndex = 0; termIndex < terms.length; termIndex += 1) {
    const term = terms[termIndex] as string;
    for (let from = 0; ; ) {
      const found = vocabulary.indexOf(term, from);
      if (found < 0) break;
      const id = tokenAt(index, found);
      from = tokenStarts[id + 1] ?? vocabulary.length;
      const posting = postings[id] as number | number[];
      if (typeof posting === "number") count(posting, termIndex + 1);
      else for (const slot of posting) count(slot, termIndex + 1);
    }
  }
  const excluded = excludeRunId === undefined ? undefined : index.slotOfRun.get(excludeRunId);
  return rankScored(
    index.order,
    scores,
    (slot) => slots[slot] as SettledRunSearchFields,
    terms.length,
    excluded ?? -1,
  );
}
