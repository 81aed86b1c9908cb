import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresWebEventHub,
  type PostgresWebEventHub,
  WEB_CONSOLE_POSTGRES_MIGRATIONS,
  WEB_EVENT_INLINE_MAX_BYTES,
} from "../src/postgres.js";
import type { WebConsoleEvent } from "../src/web-event-hub.js";

/** Two hosts' hubs on one embedded PostgreSQL: what one publishes, the other's streams receive. */
let server: TestPostgres;
let pool: PostgresPool;
const hubs: PostgresWebEventHub[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
  pool = openPostgresPool({ url: server.url, schema: "web_hub" });
  await migratePostgres(pool, [WEB_CONSOLE_POSTGRES_MIGRATIONS]);
}, 60_000);
afterAll(async () => {
  await Promise.all(hubs.map((hub) => hub.close()));
  await pool?.close();
  await server?.stop();
});

async function openHub(hostId: string): Promise<PostgresWebEventHub> {
  const hub = createPostgresWebEventHub({ url: server.url, schema: pool.schema, pool: pool.pool, hostId });
  hubs.push(hub);
  await hub.ready;
  return hub;
}

function collect(hub: PostgresWebEventHub): WebConsoleEvent[] {
  const events: WebConsoleEvent[] = [];
  hub.subscribe((event) => events.push(event));
  return events;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

const delta = (offset: number, text: string): WebConsoleEvent => ({
  type: "run",
  threadId: "t1",
  turnId: "u1",
  event: { type: "text_delta", text, offset },
});

describe("the PostgreSQL web event hub", () => {
  it("delivers another host's events in publish order, large ones included", async () => {
    const a = await openHub("host-a");
    const b = await openHub("host-b");
    const seenOnB = collect(b);
    const large = "x".repeat(WEB_EVENT_INLINE_MAX_BYTES * 3);
    const published = [
      delta(0, "Hel"),
      delta(3, large),
      delta(3 + large.length, "lo"),
      { type: "threads" } as const,
    ];
    for (const event of published) a.publish(event);
    await until(() => seenOnB.length >= published.length);
    expect(seenOnB).toEqual(published);
  });

  it("delivers a host's own events to its streams once, not again through PostgreSQL", async () => {
    const a = await openHub("host-c");
    const b = await openHub("host-d");
    const seenOnA = collect(a);
    const seenOnB = collect(b);
    a.publish({ type: "thread", threadId: "mine" });
    expect(seenOnA).toEqual([{ type: "thread", threadId: "mine" }]);
    await until(() => seenOnB.length === 1);
    // b's event travels the same channel after a's: when it reaches a, a's own one would have come back too.
    b.publish({ type: "thread", threadId: "theirs" });
    await until(() => seenOnA.length >= 2 && seenOnB.length >= 2);
    expect(seenOnA).toEqual([
      { type: "thread", threadId: "mine" },
      { type: "thread", threadId: "theirs" },
    ]);
    expect(seenOnB).toEqual([
      { type: "thread", threadId: "mine" },
      { type: "thread", threadId: "theirs" },
    ]);
  });

  it("listens again after its connection is dropped and asks browsers to refetch the threads", async () => {
    const a = await openHub("host-e");
    const b = await openHub("host-f");
    const seenOnB = collect(b);
    await pool.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mono-agent web events' AND query LIKE 'LISTEN%'",
    );
    await until(() => seenOnB.some((event) => event.type === "threads"));
    await until(() => {
      a.publish({ type: "thread", threadId: "after" });
      return seenOnB.some((event) => event.type === "thread" && event.threadId === "after");
    });
  });
});
