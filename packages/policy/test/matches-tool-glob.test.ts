import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesToolGlob } from "../src/index.js";

describe("matchesToolGlob", () => {
  it.each([
    ["read_*", "read_file", true],
    ["read_*", "read_", true],
    ["read_*", "write_file", false],
    ["*_delete", "repo_delete", true],
    ["get_?", "get_a", true],
    ["get_?", "get_ab", false],
    ["*", "", true],
    ["a*b*c", "aXXbYYc", true],
    ["a*b*c", "aXXbYY", false],
    ["exact", "exact", true],
    ["exact", "Exact", false],
    ["a.b", "aXb", false],
  ])("%j matches %j: %s", (pattern, name, expected) => {
    expect(matchesToolGlob(pattern, name)).toBe(expected);
  });

  it("a pattern without wildcards matches only itself", () => {
    const plain = fc.string().filter((text) => !/[*?]/.test(text));
    fc.assert(fc.property(plain, plain, (left, right) => matchesToolGlob(left, right) === (left === right)));
  });
});
