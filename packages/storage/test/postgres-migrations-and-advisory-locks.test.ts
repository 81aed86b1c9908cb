import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageError } from "../src/index.js";
import {
  migratePostgres,
  openPostgresPool,
  type PostgresPool,
  postgresMigrationStatus,
  withAdvisoryLock,
} from "../src/postgres.js";
import { startTestPostgres, type TestPostgres } from "../src/testing.js";

const migrations = [
  { store: "items", migrationsFolder: join(import.meta.dirname, "fixtures", "migrations-postgres") },
];
let server: TestPostgres;
const pools: PostgresPool[] = [];
const open = (schema: string, max?: number) => {
  const pool = openPostgresPool({ url: server.url, schema, ...(max !== undefined ? { max } : {}) });
  pools.push(pool);
  return pool;
};

beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await server?.stop();
});

describe("PostgreSQL storage primitives on a real server", () => {
  it("hosts migrating at once apply each migration once, in their own schema", async () => {
    const hosts = [open("race_a"), open("race_a"), open("race_a")];
    expect(await postgresMigrationStatus(hosts[0] as PostgresPool, migrations)).toEqual([
      { store: "items", applied: 0, pending: 1 },
    ]);
    await Promise.all(hosts.map((host) => migratePostgres(host, migrations)));
    const rows = await (hosts[0] as PostgresPool).pool.query(
      "SELECT count(*)::int AS n FROM race_a.items_migrations",
    );
    expect(rows.rows[0]).toEqual({ n: 1 });
    await (hosts[1] as PostgresPool).pool.query("INSERT INTO items (name) VALUES ('x')");
    expect((await (hosts[2] as PostgresPool).pool.query("SELECT name FROM items")).rows).toEqual([
      { name: "x" },
    ]);
    expect(await postgresMigrationStatus(hosts[0] as PostgresPool, migrations)).toEqual([
      { store: "items", applied: 1, pending: 0 },
    ]);
  });

  it("an advisory lock serializes work across pools (hosts) and is released when the holder's connection dies", async () => {
    const hostA = open("locks");
    const hostB = open("locks");
    const order: string[] = [];
    let releaseA!: () => void;
    const aHolds = new Promise<void>((resolve) => {
      releaseA = resolve;
    });
    let aStarted!: () => void;
    const aIn = new Promise<void>((resolve) => {
      aStarted = resolve;
    });
    const a = withAdvisoryLock(hostA.pool, "test", "conv:1", async () => {
      order.push("a in");
      aStarted();
      await aHolds;
      order.push("a out");
    });
    await aIn;
    const b = withAdvisoryLock(hostB.pool, "test", "conv:1", async () => {
      order.push("b in");
    });
    const other = withAdvisoryLock(hostB.pool, "test", "conv:2", async () => {
      order.push("other key");
    });
    await other;
    releaseA();
    await Promise.all([a, b]);
    expect(order).toEqual(["a in", "other key", "a out", "b in"]);

    // A holder whose process dies: its connection closes and the server frees the lock.
    const dying = new pg.Client({ connectionString: server.url });
    dying.on("error", () => {});
    await dying.connect();
    const { advisoryLockKey } = await import("../src/postgres.js");
    await dying.query("SELECT pg_advisory_lock($1::bigint)", [advisoryLockKey("test", "conv:3")]);
    const waiting = withAdvisoryLock(hostB.pool, "test", "conv:3", async () => "got it");
    const pid = (await dying.query("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    await hostA.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    await dying.end().catch(() => {});
    expect(await waiting).toBe("got it");
  });

  it("a wait for a lock can be aborted; a bad url or schema is refused with the accepted form", async () => {
    const host = open("locks");
    let release!: () => void;
    let heldIn!: () => void;
    const inside = new Promise<void>((resolve) => {
      heldIn = resolve;
    });
    const held = withAdvisoryLock(host.pool, "test", "conv:4", async () => {
      heldIn();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await inside;
    const controller = new AbortController();
    const waiting = withAdvisoryLock(host.pool, "test", "conv:4", async () => "never", {
      signal: controller.signal,
    });
    // Aborted once the waiter's lock query is on the server (it shows in pg_locks as not granted).
    await waitFor(async () => {
      const rows = await host.pool.query(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      );
      return rows.rows[0].n > 0;
    });
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: "lock_failed" });
    release();
    await held;
    expect(() => openPostgresPool({ url: "mysql://x@y/z" })).toThrow(/postgres:\/\/user:password@host/);
    expect(() => openPostgresPool({ url: "postgres://u:hunter2@h/db", schema: "Robert'); DROP" })).toThrow(
      /lower-case letters/,
    );
    try {
      openPostgresPool({ url: "ftp://u:hunter2@h/db" });
    } catch (error) {
      expect(StorageError.isInstance(error)).toBe(true);
      expect(String(error)).not.toContain("hunter2");
    }
  });
});

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (await condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
