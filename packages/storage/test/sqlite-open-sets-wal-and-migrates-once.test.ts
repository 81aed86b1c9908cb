import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrateSqlite, openSqliteDatabase } from "../src/sqlite.js";

const root = mkdtempSync(join(tmpdir(), "storage-sqlite-"));
const migrations = join(import.meta.dirname, "fixtures", "migrations-sqlite");
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("openSqliteDatabase + migrateSqlite", () => {
  it("creates the file 0600 in a 0700 folder, in WAL mode with the pragmas asked for", () => {
    const file = join(root, "new", "store.sqlite");
    const sqlite = openSqliteDatabase({
      file,
      busyTimeoutMs: 1234,
      synchronous: "NORMAL",
      foreignKeys: true,
    });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, "new")).mode & 0o777).toBe(0o700);
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(1234);
    expect(sqlite.pragma("synchronous", { simple: true })).toBe(1);
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    sqlite.close();
  });

  it("applies migrations once; a second open finds nothing to do and keeps the rows", () => {
    const file = join(root, "migrated.sqlite");
    for (let open = 0; open < 2; open++) {
      const sqlite = openSqliteDatabase({ file, busyTimeoutMs: 1000 });
      migrateSqlite(drizzle(sqlite), sqlite, migrations, {
        afterMigrate: () => sqlite.pragma("user_version = 7"),
      });
      sqlite.prepare("INSERT INTO items (name) VALUES (?)").run(`open ${open}`);
      expect(sqlite.prepare("SELECT count(*) AS n FROM items").get()).toEqual({ n: open + 1 });
      expect(sqlite.pragma("user_version", { simple: true })).toBe(7);
      sqlite.close();
    }
  });

  it("read-only: a missing file is an error and nothing is created", () => {
    const file = join(root, "missing.sqlite");
    expect(() => openSqliteDatabase({ file, readOnly: true, busyTimeoutMs: 10 })).toThrow(/does not exist/);
    expect(() => statSync(file)).toThrow();
  });

  it("a failing migration closes the connection and throws the cause after the retries", () => {
    const file = join(root, "broken.sqlite");
    const sqlite = openSqliteDatabase({ file, busyTimeoutMs: 10 });
    expect(() => migrateSqlite(drizzle(sqlite), sqlite, join(root, "no-such-folder"))).toThrow();
    expect(sqlite.open).toBe(false);
  });
});
