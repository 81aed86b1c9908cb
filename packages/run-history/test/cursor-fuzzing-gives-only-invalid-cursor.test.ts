import { encodeStructuralCursor, type JsonObject } from "@mono-agent/evidence";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RunHistoryError } from "../src/index.js";
import { decodeRunHistoryCursor, encodeRunHistoryCursor } from "../src/run-history-cursors.js";

/** Cursor-like strings: anything, base64url noise, valid cursors mutated, and structural cursors of any JSON. */
const hostileCursor = fc.oneof(
  fc.string({ maxLength: 3000 }),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,600}$/),
  fc
    .tuple(
      fc.constantFrom(
        encodeRunHistoryCursor({ kind: "list", afterRunId: "run-1" }),
        encodeRunHistoryCursor({ kind: "search", afterRunId: "run-1", queryDigest: "abc" }),
        encodeRunHistoryCursor({ kind: "timeline", runId: "run-1", offset: 10 }),
      ),
      fc.nat(),
      fc.string({ minLength: 1, maxLength: 3 }),
    )
    .map(([cursor, at, insert]) => {
      const position = at % (cursor.length + 1);
      return cursor.slice(0, position) + insert + cursor.slice(position + 1);
    }),
  fc
    .dictionary(
      fc.constantFrom("v", "kind", "afterRunId", "queryDigest", "runId", "offset", "__proto__"),
      fc.jsonValue(),
    )
    .map((payload) => {
      try {
        return encodeStructuralCursor(payload as JsonObject);
      } catch {
        return "oversized-payload";
      }
    }),
);

describe("RunHistory cursors under fuzzing", () => {
  it.each(["list", "search", "timeline"] as const)(
    "a %s cursor decodes to its kind or fails with the one opaque invalid_cursor (3,000 cases)",
    (kind) => {
      fc.assert(
        fc.property(hostileCursor, (cursor) => {
          try {
            const decoded = decodeRunHistoryCursor(cursor, kind as "timeline");
            expect(decoded.kind).toBe(kind);
          } catch (error) {
            expect(RunHistoryError.isInstance(error)).toBe(true);
            expect((error as RunHistoryError).code).toBe("invalid_cursor");
            expect((error as Error).message).not.toMatch(/\n\s+at /);
          }
        }),
        { numRuns: 3_000 },
      );
    },
  );
});
