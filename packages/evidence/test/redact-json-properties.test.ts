import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OMISSION_MARKERS, redactJson, utf8ByteLength } from "../src/index.js";

const MARKERS = new Set<string>(Object.values(OMISSION_MARKERS));

function measure(
  value: unknown,
  depth = 0,
): { depth: number; nodes: number; maxItems: number; maxKeys: number; maxString: number } {
  if (typeof value === "string")
    return {
      depth,
      nodes: MARKERS.has(value) ? 0 : 1,
      maxItems: 0,
      maxKeys: 0,
      maxString: utf8ByteLength(value),
    };
  if (value === null || typeof value !== "object")
    return { depth, nodes: 1, maxItems: 0, maxKeys: 0, maxString: 0 };
  const children = Array.isArray(value) ? value : Object.values(value);
  const own = {
    depth,
    nodes: 1,
    maxItems: Array.isArray(value) ? value.length : 0,
    maxKeys: Array.isArray(value) ? 0 : children.length,
    maxString: 0,
  };
  return children
    .map((child) => measure(child, depth + 1))
    .reduce(
      (total, child) => ({
        depth: Math.max(total.depth, child.depth),
        nodes: total.nodes + child.nodes,
        maxItems: Math.max(total.maxItems, child.maxItems),
        maxKeys: Math.max(total.maxKeys, child.maxKeys),
        maxString: Math.max(total.maxString, child.maxString),
      }),
      own,
    );
}

const bounds = { maxDepth: 4, maxNodes: 40, maxItems: 5, maxKeys: 5, maxStringBytes: 24 };

describe("redactJson properties", () => {
  it("never throws and respects every bound", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withNullPrototype: true,
          withBoxedValues: true,
        }),
        (value) => {
          const output = redactJson(value, bounds);
          const measured = measure(output);
          expect(measured.depth).toBeLessThanOrEqual(bounds.maxDepth);
          expect(measured.nodes).toBeLessThanOrEqual(bounds.maxNodes);
          expect(measured.maxItems).toBeLessThanOrEqual(bounds.maxItems + 1);
          expect(measured.maxKeys).toBeLessThanOrEqual(bounds.maxKeys + 1);
          expect(measured.maxString).toBeLessThanOrEqual(bounds.maxStringBytes);
          expect(() => JSON.stringify(output)).not.toThrow();
        },
      ),
      { numRuns: 500 },
    );
  });

  it("never lets a non-numeric value under a sensitive key through", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("password", "api.key", "Private Key", "x_token", "Cookie"),
        fc.jsonValue(),
        (key, value) => {
          const output = redactJson({ [key]: value }) as Record<string, unknown>;
          const kept = typeof value === "number" || value === null;
          expect(output[key]).toEqual(kept ? value : "[redacted]");
        },
      ),
    );
  });
});
