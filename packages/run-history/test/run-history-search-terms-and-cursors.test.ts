import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { callRunHistory, type RunHistoryContext, searchTermsOf } from "../src/index.js";
import { createRunEventReader } from "../src/sqlite.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

describe("search terms (seed page: Unicode-normalized, case-folded, lone ASCII letters dropped)", () => {
  test("NFKC and en-US lower case, [\\p{L}\\p{N}]+ runs, de-duplicated in order", () => {
    expect(searchTermsOf("North ＳＰＡＩＮ, north-spain FLIGHTS!")).toEqual(["north", "spain", "flights"]);
    expect(searchTermsOf("Ärger ﬁle ①")).toEqual(["ärger", "file"]);
    // en-US folds "İ" to "i" + U+0307 (a mark, not a letter): the run splits there, on both sides alike.
    expect(searchTermsOf("İstanbul")).toEqual(["stanbul"]);
  });

  test("a lone ASCII letter or digit is dropped unless every term is one", () => {
    expect(searchTermsOf("unsubscribe group A newsletters 7")).toEqual([
      "unsubscribe",
      "group",
      "newsletters",
    ]);
    expect(searchTermsOf("a 1 b")).toEqual(["a", "1", "b"]);
    expect(searchTermsOf("é x")).toEqual(["é"]);
  });

  test("terms never hold anything but letters and numbers, and never a lone ASCII letter beside longer terms", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (query) => {
        const terms = searchTermsOf(query);
        for (const term of terms) expect(term).toMatch(/^[\p{L}\p{N}]+$/u);
        if (terms.some((term) => !/^[a-z0-9]$/.test(term)))
          for (const term of terms) expect(term).not.toMatch(/^[a-z0-9]$/);
        expect(new Set(terms).size).toBe(terms.length);
      }),
    );
  });
});

describe("RunHistory cursors fail closed", () => {
  test("1,000 tampered cursors all give the one opaque invalid_cursor result", async () => {
    const { store, artifactsDir } = tempStore();
    for (let index = 0; index < 12; index += 1) {
      await store.beginRun(runStart(`run-${index}`, { startedAtMs: 1_000 * index }));
      await store.completeRun(`run-${index}`, completion({ updatedAtMs: 1_000 * index + 1 }));
    }
    const context: RunHistoryContext = {
      store,
      readEvents: createRunEventReader(artifactsDir),
      runId: "run-now",
      conversationId: "cli:default",
      digest: (text) => Buffer.from(text).toString("base64url").padEnd(24, "x").slice(0, 24),
    };
    const first = await callRunHistory(context, {});
    const cursor = (first.structuredContent as { nextCursor: string }).nextCursor;
    const messages = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: cursor.length - 1 }),
        fc.constantFrom(..."ABCxyz019_-"),
        async (position, character) => {
          const tampered = cursor.slice(0, position) + character + cursor.slice(position + 1);
          if (tampered === cursor) return;
          for (const args of [
            { cursor: tampered },
            { query: "question", cursor: tampered },
            { runId: "run-1", cursor: tampered },
          ]) {
            const result = await callRunHistory(context, args);
            const body = result.structuredContent as {
              error: { code: string; message: string };
              navigation: { nextActions: { arguments: object }[] };
            };
            expect(result.isError).toBe(true);
            expect(body.error.code).toBe("invalid_cursor");
            expect(body.navigation.nextActions[0]?.arguments).toEqual({});
            messages.add(body.error.message);
          }
        },
      ),
      { numRuns: 1_000 },
    );
    expect(messages.size).toBe(1);
    await store.close();
  });
});
