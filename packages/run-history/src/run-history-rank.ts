import { opaquePaths } from "@mono-agent/evidence";
import type { RunSearchFields } from "./history-search-fields.js";
import { TRIGGER_METADATA_MAX_BYTES } from "./run-history-limits.js";
import type { SafeText } from "./run-history-safe-text.js";
import type { CachedSearchRun } from "./run-history-search-cache.js";
import { foldForSearch } from "./run-history-terms.js";

/** The metadata fields a search reads, in this order (seed page; reference §4.3 haystack). */
export const SEARCHED_FIELDS = [
  "runId",
  "status",
  "startedAt",
  "endedAt",
  "model",
  "effort",
  "source",
  "sourceDetail",
  "failureKind",
  "trigger",
] as const;

/** One searched field name. */
export type SearchedField = (typeof SEARCHED_FIELDS)[number];

/** A ranked search: the matching runs in rank order, and whether they carry every term. */
export interface RankedRuns {
  /** How many runs matched. */
  readonly count: number;
  /** The matching run at `position` (0: the best), for `position` from 0 to `count - 1`. */
  runAt(position: number): RunSearchFields;
  readonly matchedAllTerms: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** `text` cut at `maxBytes` UTF-8 bytes on a character boundary, without a marker (what a search may match). */
function cutUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  const bytes = encoder.encode(text);
  return bytes.length <= maxBytes
    ? text
    : decoder.decode(bytes.subarray(0, maxBytes)).replace(/\uFFFD+$/, "");
}

/** The folded text of each searched field of a run: the projected (path-opaque, bounded) metadata. */
export function searchedFieldTexts(run: RunSearchFields, safe: SafeText): Record<SearchedField, string> {
  const trigger = searchedTrigger(run.userInput, safe);
  return {
    runId: foldForSearch(run.runId),
    status: run.status,
    startedAt: new Date(run.startedAtMs).toISOString().toLowerCase(),
    endedAt: run.endedAtMs !== undefined ? new Date(run.endedAtMs).toISOString().toLowerCase() : "",
    model: foldForSearch(run.model),
    effort: foldForSearch(run.effort ?? ""),
    source: foldForSearch(run.source),
    sourceDetail: foldForSearch(run.sourceDetail ?? ""),
    failureKind: foldForSearch(run.failureKind ?? ""),
    trigger: foldForSearch(trigger),
  };
}

/** The searched fields of a run joined by NUL (terms never hold one), folded once: what a search matches on. */
export function haystackOf(run: RunSearchFields, safe: SafeText): string {
  return foldForSearch(
    `${run.runId}\u0000${run.status}\u0000${new Date(run.startedAtMs).toISOString()}\u0000${
      run.endedAtMs !== undefined ? new Date(run.endedAtMs).toISOString() : ""
    }\u0000${run.model}\u0000${run.effort ?? ""}\u0000${run.source}\u0000${run.sourceDetail ?? ""}\u0000${
      run.failureKind ?? ""
    }\u0000${searchedTrigger(run.userInput, safe)}`,
  );
}

/** The trigger as a search sees it: its first 512 bytes, paths and private artifact text made opaque. */
function searchedTrigger(userInput: string, safe: SafeText): string {
  const trigger = cutUtf8(userInput, TRIGGER_METADATA_MAX_BYTES);
  return /[/\\]/.test(trigger) || safe.isPrivate(trigger) ? opaquePaths(safe.evidence(trigger)) : trigger;
}

/**
 * Ranks runs by how many terms their searched fields carry (substring match). Runs carrying every term
 * win outright and are returned alone (newest first); otherwise runs with at least one term, by count
 * then newest first. A run matching no term is never returned. `runs` is oldest first (`updatedAt`, then
 * run id) and is read from the end.
 */
export function rankRuns(runs: readonly CachedSearchRun[], terms: readonly string[]): RankedRuns {
  // One pass per term over every haystack (faster than one pass per run).
  const scores = new Uint16Array(runs.length);
  for (const term of terms)
    for (let index = 0; index < runs.length; index += 1)
      if ((runs[index] as CachedSearchRun).haystack.includes(term))
        scores[index] = (scores[index] as number) + 1;
  return rankScored(undefined, scores, (slot) => (runs[slot] as CachedSearchRun).fields, terms.length, -1);
}

/**
 * The ranking of {@link rankRuns} from scores already counted (a query of at most 512 bytes has fewer
 * terms than a Uint16 holds): the runs are the slots of `order` (oldest first; without it, every slot of
 * `scores` in slot order), `scores[slot]` the terms a run carries, `fieldsAt(slot)` its fields; the run in
 * `excludedSlot` is left out. Reads only the fields of the runs asked for.
 */
export function rankScored(
  order: readonly number[] | undefined,
  scores: Uint16Array,
  fieldsAt: (slot: number) => RunSearchFields,
  termCount: number,
  excludedSlot: number,
): RankedRuns {
  const size = order ? order.length : scores.length;
  // Runs per score: every run counts toward `termCount` when there is no term (all carry "every" term).
  const perScore = new Int32Array(termCount + 1);
  for (let position = 0; position < size; position += 1) {
    const slot = order ? (order[position] as number) : position;
    const score = scores[slot] as number;
    if ((score > 0 || termCount === 0) && slot !== excludedSlot)
      perScore[score] = (perScore[score] as number) + 1;
  }
  const matchedAllTerms = (perScore[termCount] as number) > 0;
  // Where each score's runs start in the ranking: every term alone, else the highest score first.
  const starts = new Int32Array(termCount + 1);
  let count = 0;
  if (matchedAllTerms) count = perScore[termCount] as number;
  else
    for (let score = termCount - 1; score > 0; score -= 1) {
      starts[score] = count;
      count += perScore[score] as number;
    }
  const ranking = new Int32Array(count);
  for (let position = size - 1; position >= 0; position -= 1) {
    const slot = order ? (order[position] as number) : position;
    const score = scores[slot] as number;
    if (slot === excludedSlot || (score === 0 && termCount > 0)) continue;
    if (matchedAllTerms ? score !== termCount : score === termCount) continue;
    const at = starts[score] as number;
    ranking[at] = slot;
    starts[score] = at + 1;
  }
  return { count, runAt: (position) => fieldsAt(ranking[position] as number), matchedAllTerms };
}

/** For guidance: each term a run matched, with the fields it was found in. */
export function matchedTerms(
  run: RunSearchFields,
  terms: readonly string[],
  safe: SafeText,
): { term: string; fields: SearchedField[] }[] {
  const texts = searchedFieldTexts(run, safe);
  return terms
    .map((term) => ({ term, fields: SEARCHED_FIELDS.filter((field) => texts[field].includes(term)) }))
    .filter((entry) => entry.fields.length > 0);
}
