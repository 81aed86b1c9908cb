import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { RunSearchFields, SettledRunSearchFields } from "../src/index.js";
import { type RankedRuns, rankRuns } from "../src/run-history-rank.js";
import type { CachedSearchRun } from "../src/run-history-search-cache.js";
import {
  addToRunSearchIndex,
  compareRuns,
  createRunSearchIndex,
  keepOnlyRuns,
  rankIndexedRuns,
} from "../src/run-history-search-index.js";

/** The ranking rule read straight from the seed page, over runs listed newest first. */
function rankedByRule(newestFirst: readonly CachedSearchRun[], terms: readonly string[], excluded?: string) {
  const scored = newestFirst
    .filter((run) => run.fields.runId !== excluded)
    .map((run, order) => ({
      runId: run.fields.runId,
      order,
      score: terms.filter((term) => run.haystack.includes(term)).length,
    }));
  const full = scored.filter((entry) => entry.score === terms.length);
  if (full.length > 0) return { runIds: full.map((entry) => entry.runId), matchedAllTerms: true };
  const partial = scored
    .filter((entry) => entry.score > 0)
    .sort((left, right) => right.score - left.score || left.order - right.order);
  return { runIds: partial.map((entry) => entry.runId), matchedAllTerms: false };
}

function listed(ranked: RankedRuns) {
  const runIds: string[] = [];
  for (let position = 0; position < ranked.count; position += 1) runIds.push(ranked.runAt(position).runId);
  return { runIds, matchedAllTerms: ranked.matchedAllTerms };
}

/** Folded haystacks as a search builds them: fields joined by NUL, letters, digits, spaces and punctuation. */
const haystack = fc
  .array(fc.constantFrom("a", "b", "ab", "ba", "é", "1", "12", " ", "-", "\u0000", "ab1"), { maxLength: 8 })
  .map((parts) => parts.join(""));
const terms = fc.uniqueArray(fc.constantFrom("a", "b", "ab", "ba", "é", "1", "12", "b1", "aba"), {
  minLength: 1,
  maxLength: 4,
});

function runsOf(texts: readonly string[]): (CachedSearchRun & { fields: SettledRunSearchFields })[] {
  // Few distinct times, so run ids break ties; oldest first.
  return texts
    .map((text, index) => ({
      fields: { runId: `run-${index}`, updatedAtMs: index % 3 } as SettledRunSearchFields,
      haystack: `run-${index}\u0000${text}`,
    }))
    .sort(
      (left, right) =>
        left.fields.updatedAtMs - right.fields.updatedAtMs ||
        (left.fields.runId < right.fields.runId ? -1 : 1),
    );
}

describe("ranking (seed page: every term wins alone, else by terms carried, then newest first)", () => {
  test("rankRuns, scanning every haystack, follows the rule", () => {
    fc.assert(
      fc.property(fc.array(haystack, { maxLength: 40 }), terms, (texts, query) => {
        const runs = runsOf(texts);
        expect(listed(rankRuns(runs, query))).toEqual(rankedByRule([...runs].reverse(), query));
      }),
      { numRuns: 500 },
    );
  });

  test("the token index ranks exactly as the rule, whatever order runs are added and removed in, and leaves out the current run", () => {
    fc.assert(
      fc.property(
        fc.array(haystack, { maxLength: 40 }),
        terms,
        fc.nat({ max: 45 }),
        fc.array(fc.nat({ max: 45 }), { maxLength: 10 }),
        fc.integer(),
        (texts, query, current, removedIndexes, seed) => {
          const runs = runsOf(texts);
          const index = createRunSearchIndex();
          const shuffled = [...runs].sort(
            (left, right) => ((left.haystack.length * seed) % 7) - ((right.haystack.length * seed) % 7),
          );
          for (const run of shuffled) addToRunSearchIndex(index, run.fields, run.haystack);
          for (const run of shuffled.slice(0, 3)) addToRunSearchIndex(index, run.fields, run.haystack);
          const removed = new Set(removedIndexes.map((at) => `run-${at}`));
          keepOnlyRuns(index, new Set(runs.map((run) => run.fields.runId).filter((id) => !removed.has(id))));
          const kept = runs.filter((run) => !removed.has(run.fields.runId));
          expect(listed(rankIndexedRuns(index, query, `run-${current}`))).toEqual(
            rankedByRule([...kept].reverse(), query, `run-${current}`),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  test("a run id used again after its run was deleted shows the new run only", () => {
    const index = createRunSearchIndex();
    const old = { runId: "run-1", updatedAtMs: 1 } as SettledRunSearchFields;
    const again = { runId: "run-1", updatedAtMs: 5 } as SettledRunSearchFields;
    addToRunSearchIndex(index, old, "run-1\u0000north");
    addToRunSearchIndex(index, again, "run-1\u0000spain");
    expect(listed(rankIndexedRuns(index, ["north"]))).toEqual({ runIds: [], matchedAllTerms: false });
    const ranked = rankIndexedRuns(index, ["spain"]);
    expect(ranked.count).toBe(1);
    expect(ranked.runAt(0)).toBe(again);
  });

  test("a query whose terms are found nowhere returns no run", () => {
    const runs: CachedSearchRun[] = [
      { fields: { runId: "run-1" } as RunSearchFields, haystack: "run-1\u0000north" },
    ];
    expect(listed(rankRuns(runs, ["spain"]))).toEqual({ runIds: [], matchedAllTerms: false });
  });
});

describe("the index's order of runs", () => {
  test("is SQLite's: updatedAt, then run id in UTF-8 byte order", () => {
    const ids = ["run-a", "run-b", "run-\uffee", "run-\ud83d\ude00", "run-é", "run-ab", "run-"];
    const byBytes = [...ids].sort((left, right) => {
      const [a, b] = [new TextEncoder().encode(left), new TextEncoder().encode(right)];
      for (let index = 0; index < Math.min(a.length, b.length); index += 1)
        if (a[index] !== b[index]) return (a[index] as number) - (b[index] as number);
      return a.length - b.length;
    });
    const fields = (runId: string, updatedAtMs = 1) => ({ runId, updatedAtMs }) as SettledRunSearchFields;
    expect([...ids].sort((left, right) => compareRuns(fields(left), fields(right)))).toEqual(byBytes);
    expect(compareRuns(fields("run-z", 1), fields("run-a", 2))).toBeLessThan(0);
  });
});
