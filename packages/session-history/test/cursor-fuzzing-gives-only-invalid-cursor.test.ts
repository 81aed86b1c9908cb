import { encodeStructuralCursor, type JsonObject } from "@mono-agent/evidence";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SessionHistoryError } from "../src/index.js";
import { decodeCursor, encodeGetCursor, encodeSearchCursor } from "../src/session-history-cursors.js";

const valid = [
  encodeGetCursor("digest-1", "sth1_record", 4096),
  encodeSearchCursor("digest-2", {
    runStartedAtMs: 1_700_000_000_000,
    runId: "run-1",
    startSequence: 3,
    toolCallId: "call-1",
    recordId: "sth1_anchor",
  }),
];

const hostileCursor = fc.oneof(
  fc.string({ maxLength: 3000 }),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,600}$/),
  fc
    .tuple(fc.constantFrom(...valid), fc.nat(), fc.string({ minLength: 1, maxLength: 3 }))
    .map(([cursor, at, insert]) => {
      const position = at % (cursor.length + 1);
      return cursor.slice(0, position) + insert + cursor.slice(position + 1);
    }),
  fc
    .dictionary(
      fc.constantFrom(
        "v",
        "kind",
        "digest",
        "recordId",
        "offset",
        "runId",
        "runStartedAtMs",
        "startSequence",
        "toolCallId",
        "anchorRecordId",
      ),
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

describe("SessionHistory cursors under fuzzing", () => {
  it("decode to a search or get cursor or fail with the one opaque invalid_cursor (5,000 cases)", () => {
    fc.assert(
      fc.property(hostileCursor, (cursor) => {
        try {
          expect(["search", "get"]).toContain(decodeCursor(cursor).kind);
        } catch (error) {
          expect(SessionHistoryError.isInstance(error)).toBe(true);
          expect((error as SessionHistoryError).code).toBe("invalid_cursor");
          expect((error as Error).message).not.toMatch(/\n\s+at /);
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
