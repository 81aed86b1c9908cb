import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { RunSearchFields } from "../src/index.js";
import { rankRuns } from "../src/run-history-rank.js";
import type { CachedSearchRun } from "../src/run-history-search-cache.js";

/** The ranking rule read straight from the seed page, over runs listed newest first. */
function rankedByRule(newestFirst: readonly CachedSearchRun[], terms: readonly string[], excluded: string) {
  const scored = newestFirst
    .filter((run) => run.fields.runId !== excluded)
    .map((run, order) => ({
      run: run.fields,
      order,
      score: terms.filter((term) => run.haystack.includes(term)).length,
    }));
  const full = scored.filter((entry) => entry.score === terms.length);
  if (full.length > 0) return { runs: full.map((entry) => entry.run), matchedAllTerms: true };
  const partial = scored
    .filter((entry) => entry.score > 0)
    .sort((left, right) => right.score - left.score || left.order - right.order);
  return { runs: partial.map((entry) => entry.run), matchedAllTerms: false };
}

const LETTERS = ["a", "b", "c", "ab", "bc", "é"];

describe("rankRuns", () => {
  test("runs with every term alone, newest first; else runs with some terms by count, then newest first; the current run never", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...LETTERS), { maxLength: 6 }), { maxLength: 40 }),
        fc.uniqueArray(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 45 }),
        (texts, terms, excludedIndex) => {
          const oldestFirst: CachedSearchRun[] = texts.map((parts, index) => ({
            fields: { runId: `run-${index}` } as RunSearchFields,
            haystack: `run-${index}\u0000${parts.join(" ")}`,
          }));
          const excluded = `run-${excludedIndex}`;
          expect(rankRuns(oldestFirst, terms, excluded)).toEqual(
            rankedByRule([...oldestFirst].reverse(), terms, excluded),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  test("a query whose terms are all found nowhere returns no run", () => {
    const runs: CachedSearchRun[] = [
      { fields: { runId: "run-1" } as RunSearchFields, haystack: "run-1\u0000north" },
    ];
    expect(rankRuns(runs, ["spain"])).toEqual({ runs: [], matchedAllTerms: false });
  });
});
