import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as sessionHistory from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(join(sourceDir, entry), "utf8");
  for (const [, target] of text.matchAll(/from "\.\/([^"]+)\.js"/g)) reachable(`${target}.ts`, seen);
  return seen;
}

describe("package shape", () => {
  it("keeps SQLite, worker threads and node: modules behind the ./sqlite subpath", () => {
    for (const module of reachable("index.ts")) {
      expect(module.startsWith("sqlite/"), module).toBe(false);
      const code = readFileSync(join(sourceDir, module), "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line))
        .join("\n");
      expect(code, module).not.toMatch(/from "node:|better-sqlite3|drizzle-orm|evidence\/node|process\.env/);
    }
  });

  it("exports named members only and one error class with isInstance", () => {
    expect(Object.keys(sessionHistory)).not.toContain("default");
    const error = new sessionHistory.SessionHistoryError(
      "invalid_limit",
      "limit must be an integer from 1 to 10",
    );
    expect(sessionHistory.SessionHistoryError.isInstance(error)).toBe(true);
    expect(sessionHistory.SessionHistoryError.isInstance(new Error("x"))).toBe(false);
  });
});
