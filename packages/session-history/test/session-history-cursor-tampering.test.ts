import { decodeStructuralCursor, encodeStructuralCursor, type JsonObject } from "@mono-agent/evidence";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ConnectedSessionHistory, openHarness } from "./session-history-harness.js";

/** Mutated cursors tried: the number. */
const MUTATIONS = 1_000;

const FOREIGN_MARKER = "foreign-conversation-payload";

let session: ConnectedSessionHistory;
let searchCursor: string;
let getCursor: string;
let foreignCursor: string;
let foreignRecordIds: string[];
const search = { query: "needle", limit: 1 };

beforeAll(async () => {
  const harness = openHarness();
  for (let index = 0; index < 6; index++) {
    harness.record({
      runId: `r${index}`,
      toolCallId: `mine-${index}`,
      args: { text: "needle mine" },
      result: { text: "m".repeat(9_000) },
    });
    harness.record({
      conversationId: "cli:foreign",
      runId: `r${index}`,
      toolCallId: `theirs-${index}`,
      args: { text: `needle ${FOREIGN_MARKER}` },
      result: { text: FOREIGN_MARKER.repeat(400) },
    });
  }
  session = await harness.connect({ runId: "run-now" });
  const page = (await session.call(search)).body;
  searchCursor = page.nextCursor;
  getCursor = (await session.call({ action: "get", recordId: page.items[0].resultRecordId, chunkBytes: 100 }))
    .body.nextCursor;
  const foreign = await harness.connect({ conversationId: "cli:foreign", runId: "run-now" });
  const foreignPage = (await foreign.call(search)).body;
  foreignCursor = foreignPage.nextCursor;
  foreignRecordIds = [foreignPage.items[0].recordId, foreignPage.items[0].resultRecordId];
  await foreign.close();
});
afterAll(async () => {
  await session.close();
});

const textMutation = (cursor: string) =>
  fc.oneof(
    fc
      .tuple(
        fc.nat(cursor.length - 1),
        fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=+/."),
      )
      .map(([index, character]) => cursor.slice(0, index) + character + cursor.slice(index + 1)),
    fc.nat(cursor.length - 1).map((index) => cursor.slice(0, index)),
    fc.nat(cursor.length - 1).map((index) => cursor.slice(0, index) + cursor.slice(index + 1)),
    fc
      .tuple(fc.nat(cursor.length), fc.string({ minLength: 1, maxLength: 4 }))
      .map(([index, text]) => cursor.slice(0, index) + text + cursor.slice(index)),
  );

const fieldValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...["sth1_x", "search", "get", 2, -1, 0, 1e15]),
);

/** Re-encoded with a valid checksum: only the state checks can refuse these. */
const structuralMutation = (cursor: string) => {
  const payload = decodeStructuralCursor(cursor) as JsonObject;
  const keys = Object.keys(payload).filter((key) => key !== "offset");
  return fc
    .oneof(
      fc.tuple(fc.constantFrom(...keys), fieldValue).map(([key, value]) => ({ ...payload, [key]: value })),
      fc.constantFrom(...keys).map((key) => {
        const copy: Record<string, unknown> = { ...payload };
        delete copy[key];
        return copy;
      }),
      fc
        .tuple(fc.string({ minLength: 1, maxLength: 8 }), fieldValue)
        .map(([key, value]) => ({ extra: 1, ...payload, [`${key}_`]: value })),
      fc
        .constantFrom(...foreignRecordIds)
        .map((recordId) =>
          "anchorRecordId" in payload ? { ...payload, anchorRecordId: recordId } : { ...payload, recordId },
        ),
      fc.constantFrom(-5, 0, 10_000_000, 1.5).map((offset) => ({ ...payload, offset })),
    )
    .map((mutated) => encodeStructuralCursor(mutated as JsonObject));
};

describe("cursor tampering", () => {
  test(`${MUTATIONS} mutated cursors all fail as invalid_cursor, and none returns another conversation's record`, async () => {
    const arbitrary = fc.oneof(
      fc.tuple(
        fc.constant("search" as const),
        fc.oneof(textMutation(searchCursor), structuralMutation(searchCursor), fc.constant(foreignCursor)),
      ),
      fc.tuple(
        fc.constant("get" as const),
        fc.oneof(textMutation(getCursor), structuralMutation(getCursor), fc.constant(searchCursor)),
      ),
    );
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(arbitrary, async ([kind, cursor]) => {
        fc.pre(cursor !== searchCursor || kind === "get");
        fc.pre(cursor !== getCursor);
        const args = kind === "search" ? { ...search, cursor } : { action: "get", cursor };
        const { raw, body } = await session.call(args);
        checked += 1;
        expect(JSON.stringify(raw)).not.toContain(FOREIGN_MARKER);
        expect(body.error?.code).toBe("invalid_cursor");
        expect(body.error?.message).toBe(
          "The cursor is unavailable or expired; start again without a cursor.",
        );
      }),
      { numRuns: MUTATIONS, seed: 20_260_712 },
    );
    expect(checked).toBeGreaterThanOrEqual(MUTATIONS);
    expect((await session.call({ ...search, cursor: searchCursor })).body.items).toHaveLength(1);
  }, 120_000);
});
