import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { JSON_BODY_MAX_DEPTH } from "../src/index.js";
import { jsonNestingDepth } from "../src/json-nesting-depth.js";

/** The nesting depth of a parsed value, the slow obvious way. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== "object") return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe("jsonNestingDepth", () => {
  test("agrees with the parsed value's depth for any JSON value (brackets inside strings do not count)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        const text = JSON.stringify(value);
        expect(jsonNestingDepth(text)).toBe(depthOf(JSON.parse(text)));
      }),
      { numRuns: 2_000 },
    );
  });

  test("strings full of brackets, quotes and escapes count nothing", () => {
    expect(jsonNestingDepth(JSON.stringify({ a: '[[[{{{"\\' }))).toBe(1);
    expect(jsonNestingDepth(JSON.stringify(["\\", "[", '"]']))).toBe(1);
  });

  test("stops at limit + 1 on a body nested 3,000 deep", () => {
    const deep = `${"[".repeat(3_000)}${"]".repeat(3_000)}`;
    expect(jsonNestingDepth(deep, JSON_BODY_MAX_DEPTH)).toBe(JSON_BODY_MAX_DEPTH + 1);
    expect(jsonNestingDepth(deep)).toBe(3_000);
  });
});
