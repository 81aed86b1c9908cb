import { createHmac } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAuthenticatedCursorCodec, decodeStructuralCursor, EvidenceError, encodeStructuralCursor, INVALID_CURSOR_MESSAGE, type JsonObject } from "../src/index.js";
import { CURSOR_PATTERN } from "../src/structural-cursor.js";
import { createNodeAuthenticatedCursorCodec, nodeHmacSha256, shortDigest } from "../src/node.js";

const payload = fc
  .dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
    maxKeys: 6,
  })
  .map((value) => JSON.parse(JSON.stringify(value)) as JsonObject); // JSON has no -0
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Replace, delete or insert one character, or cut the tail: always a different string. */
const mutation = fc.tuple(fc.constantFrom("replace", "delete", "insert", "truncate"), fc.nat(), fc.nat(63));
function mutate(cursor: string, [kind, position, symbol]: [string, number, number]): string {
  const index = position % cursor.length;
  const character = ALPHABET[symbol]!;
  if (kind === "replace") {
    const replacement = character === cursor[index] ? ALPHABET[(symbol + 1) % 64]! : character;
    return cursor.slice(0, index) + replacement + cursor.slice(index + 1);
  }
  if (kind === "delete") return cursor.slice(0, index) + cursor.slice(index + 1);
  if (kind === "insert") return cursor.slice(0, index) + character + cursor.slice(index);
  return cursor.slice(0, Math.max(index, 1) - 1);
}

function expectInvalidCursor(decode: () => unknown): void {
  try {
    decode();
  } catch (error) {
    expect(
      EvidenceError.isInstance(error) &&
        error.code === "invalid_cursor" &&
        error.message === INVALID_CURSOR_MESSAGE,
    ).toBe(true);
    return;
  }
  throw new Error("cursor was accepted");
}

describe("structural cursors", () => {
  it("round-trip any JSON object within the alphabet and size bound", () => {
    fc.assert(
      fc.property(payload, (value) => {
        const cursor = encodeStructuralCursor(value);
        expect(cursor).toMatch(CURSOR_PATTERN);
        expect(decodeStructuralCursor(cursor)).toEqual(value);
      }),
    );
  });

  it("reject any mutated cursor with the same opaque error", () => {
    fc.assert(
      fc.property(payload, mutation, (value, change) => {
        const mutated = mutate(encodeStructuralCursor(value), change);
        expectInvalidCursor(() => decodeStructuralCursor(mutated));
      }),
      { numRuns: 1000 },
    );
  });

  it("reject non-strings, foreign alphabets, oversized and shape-rejected cursors", () => {
    for (const bad of [undefined, 42, "", "a", "abc+/", "a".repeat(2049), "eyJ9"])
      expectInvalidCursor(() => decodeStructuralCursor(bad));
    const cursor = encodeStructuralCursor({ kind: "timeline", offset: 3 });
    const isSearch = (value: JsonObject): value is { kind: "search" } => value.kind === "search";
    expectInvalidCursor(() => decodeStructuralCursor(cursor, isSearch));
  });

  it("refuse payloads that are not plain JSON objects or do not fit", () => {
    expect(() => encodeStructuralCursor({ big: "x".repeat(2_000) })).toThrow(/at most 2048 are accepted/);
    expect(() => encodeStructuralCursor({ when: new Date() } as unknown as JsonObject)).toThrow(
      EvidenceError,
    );
    expect(() => encodeStructuralCursor([1] as unknown as JsonObject)).toThrow(/plain JSON object/);
  });
});

describe("authenticated cursors", () => {
  const key = new Uint8Array(32).fill(7);
  const codec = createAuthenticatedCursorCodec({ key, hmac: nodeHmacSha256 });

  it("round-trip under the same binding", () => {
    fc.assert(
      fc.property(payload, fc.string(), (value, binding) => {
        const cursor = codec.encode(value, binding);
        expect(cursor).toMatch(CURSOR_PATTERN);
        expect(codec.decode(cursor, binding)).toEqual(value);
      }),
    );
  });

  it("reject mutation, another binding and another key", () => {
    const otherKey = createAuthenticatedCursorCodec({
      key: new Uint8Array(32).fill(8),
      hmac: nodeHmacSha256,
    });
    fc.assert(
      fc.property(payload, mutation, (value, change) => {
        const cursor = codec.encode(value, "run-1|2026-09-01|Europe/Amsterdam|snap-1|10");
        expectInvalidCursor(() =>
          codec.decode(mutate(cursor, change), "run-1|2026-09-01|Europe/Amsterdam|snap-1|10"),
        );
        expectInvalidCursor(() => codec.decode(cursor, "run-2|2026-09-01|Europe/Amsterdam|snap-1|10"));
        expectInvalidCursor(() => otherKey.decode(cursor, "run-1|2026-09-01|Europe/Amsterdam|snap-1|10"));
      }),
      { numRuns: 500 },
    );
  });

  it("reject a structural cursor and vice versa", () => {
    const structural = encodeStructuralCursor({ offset: 1 });
    expectInvalidCursor(() => codec.decode(structural));
    expectInvalidCursor(() => decodeStructuralCursor(codec.encode({ offset: 1 })));
  });

  it("validate the key and the hmac function", () => {
    expect(() => createAuthenticatedCursorCodec({ key: new Uint8Array(16), hmac: nodeHmacSha256 })).toThrow(
      /at least 32/,
    );
    expect(() => createAuthenticatedCursorCodec({ key, hmac: undefined as never })).toThrow(
      /HMAC-SHA-256 function/,
    );
  });

  it("node helpers use a fresh per-process key and the reference digest", () => {
    const first = createNodeAuthenticatedCursorCodec();
    const second = createNodeAuthenticatedCursorCodec();
    const cursor = first.encode({ offset: 5 }, "b");
    expect(first.decode(cursor, "b")).toEqual({ offset: 5 });
    expectInvalidCursor(() => second.decode(cursor, "b"));
    expect(Buffer.from(nodeHmacSha256(key, new Uint8Array([1])))).toEqual(
      createHmac("sha256", key)
        .update(new Uint8Array([1]))
        .digest(),
    );
    expect(shortDigest("north\0spain")).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});
