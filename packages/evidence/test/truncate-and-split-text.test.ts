import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitPageToBytes, splitModelText, truncateUtf8, utf8ByteLength } from "../src/index.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

describe("truncateUtf8", () => {
  it("matches TextEncoder byte lengths", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });

  it("keeps text that fits and marks cut text with the omitted byte count", () => {
    expect(truncateUtf8("hello", 5)).toBe("hello");
    expect(truncateUtf8("a".repeat(100), 40)).toBe(`${"a".repeat(17)}…[truncated 83 bytes]`);
    expect(truncateUtf8("😀😀😀", 5)).toBe("😀");
    expect(() => truncateUtf8("x", -1)).toThrow(/maxBytes must be a non-negative integer/);
  });

  it("never splits a code point and never exceeds the budget", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.nat(200), (text, maxBytes) => {
        const cut = truncateUtf8(text, maxBytes);
        expect(utf8ByteLength(cut)).toBeLessThanOrEqual(maxBytes);
        const kept = cut.replace(/…\[truncated \d+ bytes\]$/, "");
        expect(text.startsWith(kept)).toBe(true);
        expect(kept).toBe(kept.replace(LONE_SURROGATE, "\uFFFD"));
        expect(new TextDecoder().decode(new TextEncoder().encode(kept))).toBe(kept);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("splitModelText", () => {
  it("returns short text as one block", () => {
    expect(splitModelText("x".repeat(10_000))).toEqual(["x".repeat(10_000)]);
  });

  it("splits long text into labelled chunks of at most 10,000 characters", () => {
    const text = "ab😀".repeat(9_000);
    const chunks = splitModelText(text);
    expect(chunks[0]).toMatch(/^\[continued section 1 of 4\]\n/);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(10_000);
    expect(chunks.map((chunk) => chunk.replace(/^\[continued section \d+ of \d+\]\n/, "")).join("")).toBe(
      text,
    );
    for (const chunk of chunks) expect(chunk).toBe(chunk.replace(LONE_SURROGATE, "\uFFFD"));
  });
});

describe("fitPageToBytes", () => {
  it("takes leading items within the byte and item bounds", () => {
    const items = Array.from({ length: 20 }, (_, index) => ({ index, text: "x".repeat(100) }));
    const page = fitPageToBytes(items, { maxBytes: 1_000, maxItems: 10 });
    expect(JSON.stringify(page.items).length).toBeLessThanOrEqual(1_000);
    expect(page).toMatchObject({ nextIndex: page.items.length, hasMore: true, firstItemOversized: false });
    expect(fitPageToBytes(items, { maxBytes: 100_000, maxItems: 10 }).items).toHaveLength(10);
  });

  it("always takes the first item so paging progresses", () => {
    expect(fitPageToBytes(["y".repeat(50)], { maxBytes: 10 })).toEqual({
      items: ["y".repeat(50)],
      nextIndex: 1,
      hasMore: false,
      firstItemOversized: true,
    });
    expect(() => fitPageToBytes([], { maxBytes: 0 })).toThrow(/maxBytes must be a positive integer/);
  });
});
