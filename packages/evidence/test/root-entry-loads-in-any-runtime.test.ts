import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as evidence from "../src/index.js";
import { EvidenceError } from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

/** Every module reachable from the root entry, following relative imports. */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(join(sourceDir, entry), "utf8");
  for (const [, target] of text.matchAll(/from "\.\/([^"]+)\.js"/g)) reachable(`${target}.ts`, seen);
  return seen;
}

describe("package shape", () => {
  it("keeps node:crypto behind the ./node subpath", () => {
    const modules = reachable("index.ts");
    expect(modules.has("node.ts")).toBe(false);
    for (const module of modules) {
      const code = readFileSync(join(sourceDir, module), "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line))
        .join("\n");
      expect(code, module).not.toMatch(/from "node:|require\(|\bprocess\.env\b|globalThis\.process/);
    }
    expect(readdirSync(sourceDir)).toContain("node.ts");
  });

  it("exports named members only and one error class with isInstance", () => {
    expect(Object.keys(evidence)).not.toContain("default");
    const error = new EvidenceError("invalid_argument", "maxBytes must be a non-negative integer");
    expect(EvidenceError.isInstance(error)).toBe(true);
    expect(EvidenceError.isInstance(new Error("x"))).toBe(false);
    expect(EvidenceError.isInstance({ code: "invalid_cursor" })).toBe(false);
    expect(error).toMatchObject({ name: "EvidenceError", code: "invalid_argument" });
  });
});
