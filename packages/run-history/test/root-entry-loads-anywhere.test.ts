import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import * as runHistory from "../src/index.js";
import { RunHistoryError } from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

/** Every module reachable from an entry, following relative imports. */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(join(sourceDir, entry), "utf8");
  for (const [, target] of text.matchAll(/from "\.\/([^"]+)\.js"/g)) reachable(`${target}.ts`, seen);
  return seen;
}

describe("package shape", () => {
  test("the root entry reaches no node:, SQLite, PostgreSQL or drizzle module; ./sqlite, ./postgres and ./recorder hold them", () => {
    const modules = reachable("index.ts");
    for (const module of modules) {
      expect(module.startsWith("sqlite")).toBe(false);
      expect(module.startsWith("postgres")).toBe(false);
      const code = readFileSync(join(sourceDir, module), "utf8");
      expect(code, module).not.toMatch(/from "(node:|better-sqlite3|pg"|drizzle-orm)|\bprocess\.env\b/);
    }
    const packageJson = JSON.parse(readFileSync(join(sourceDir, "..", "package.json"), "utf8"));
    expect(Object.keys(packageJson.exports)).toEqual([
      ".",
      "./sqlite",
      "./postgres",
      "./check",
      "./recorder",
      "./report",
      "./package.json",
      "./sqlite-health",
    ]);
    expect(packageJson.files).toEqual(expect.arrayContaining(["drizzle", "drizzle-postgres"]));
  });

  test("named exports only and one error class with isInstance", () => {
    expect(Object.keys(runHistory)).not.toContain("default");
    const error = new RunHistoryError("invalid_run_id", "bad id");
    expect(RunHistoryError.isInstance(error)).toBe(true);
    expect(RunHistoryError.isInstance({ code: "invalid_run_id" })).toBe(false);
    expect(runHistory.logicalConversationId("slack:C1:17.5#2026-01-02")).toBe("slack:C1:17.5");
    expect(runHistory.rolloverBucket("cli:default")).toBeUndefined();
  });
});
