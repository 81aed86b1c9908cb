import { opaquePaths } from "@mono-agent/evidence";
import type { RunSearchFields } from "./history-search-fields.js";
import { TRIGGER_METADATA_MAX_BYTES } from "./run-history-limits.js";
import type { SafeText } from "./run-history-safe-text.js";
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
  runs: RunSearchFields[];
  matchedAllTerms: boolean;
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
  let trigger = cutUtf8(run.userInput, TRIGGER_METADATA_MAX_BYTES);
  if (safe.isPrivate(trigger) || /[/\\]/.test(trigger)) trigger = opaquePaths(safe.evidence(trigger));
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

/**
 * Ranks runs by how many terms their searched fields carry (substring match). Runs carrying every term
 * win outright and are returned alone (newest first); otherwise runs with at least one term, by count
 * then newest first. A run matching no term is never returned.
 */
export function rankRuns(
  runs: readonly RunSearchFields[],
  terms: readonly string[],
  safe: SafeText,
): RankedRuns {
  const full: RunSearchFields[] = [];
  const partial: { run: RunSearchFields; score: number; order: number }[] = [];
  runs.forEach((run, order) => {
    const texts = searchedFieldTexts(run, safe);
    const haystack = SEARCHED_FIELDS.map((field) => texts[field]).join("\u0000");
    let score = 0;
    for (const term of terms) if (haystack.includes(term)) score += 1;
    if (score === terms.length) full.push(run);
    else if (score > 0 && full.length === 0) partial.push({ run, score, order });
  });
  if (full.length > 0) return { runs: full, matchedAllTerms: true };
  partial.sort((left, right) => right.score - left.score || left.order - right.order);
  return { runs: partial.map((entry) => entry.run), matchedAllTerms: false };
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
