import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { journalClient, storeWith } from "./journal-fixture.js";

describe("MemoryJournal cursors under fuzzing", () => {
  it("any cursor but an issued one is the closed invalid_cursor error, never a throw (2,000 cases)", async () => {
    const store = storeWith(
      Array.from({ length: 30 }, (_, index) => ({
        created: `2026-09-0${1 + (index % 7)}T10:00:${String(index).padStart(2, "0")}.000Z`,
        text: `fact number ${index}`,
      })),
    );
    try {
      const { journal } = await journalClient(store);
      const first = await journal({
        fromDate: "2026-09-01",
        throughDate: "2026-09-07",
        timeZone: "UTC",
        limit: 5,
      });
      const issued = first.structured["page"]["nextCursor"] as string;
      expect(typeof issued).toBe("string");
      const hostileCursor = fc.oneof(
        fc.string({ maxLength: 3000 }),
        fc.stringMatching(/^[A-Za-z0-9_.-]{0,2100}$/),
        fc.tuple(fc.nat(), fc.string({ minLength: 1, maxLength: 3 })).map(([at, insert]) => {
          const position = at % (issued.length + 1);
          return issued.slice(0, position) + insert + issued.slice(position + 1);
        }),
        fc.jsonValue(),
      );
      const replay = (await journal({ cursor: issued })).structured;
      await fc.assert(
        fc.asyncProperty(hostileCursor, async (cursor) => {
          const result = await journal({ cursor });
          if (!result.isError) {
            // Only the issued cursor (or a spelling of the same bytes) is accepted: it replays the same page.
            expect(result.structured).toEqual(replay);
            return;
          }
          expect(result.structured).toMatchObject({ schema: 1, status: "error" });
          expect(["invalid_cursor", "invalid_request"]).toContain(result.structured["code"]);
          expect(result.text).not.toMatch(/\n\s+at /);
        }),
        { numRuns: 2_000 },
      );
    } finally {
      store.close();
    }
  });
});
