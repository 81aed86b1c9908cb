import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresKeyedLock, type PostgresKeyedLock } from "../src/postgres.js";
import { startTestPostgres, type TestPostgres } from "../src/testing.js";

let server: TestPostgres;
const locks: PostgresKeyedLock[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(locks.map((lock) => lock.close()));
  await server?.stop();
});

const host = () => {
  const lock = createPostgresKeyedLock({
    url: server.url,
    schema: "keyed_lock",
    max: 4,
    namespace: "test:keyed",
  });
  locks.push(lock);
  return lock;
};

const yieldTicks = async (ticks: number) => {
  for (let tick = 0; tick < ticks; tick++) await new Promise((resolve) => setImmediate(resolve));
};

describe("createPostgresKeyedLock", () => {
  it("runs work of one key on two hosts one at a time, in arrival order per host, and other keys beside it", async () => {
    const [a, b] = [host(), host()];
    let active = 0;
    let overlapped = false;
    const orderOnA: number[] = [];
    const work = (turn: number, record?: number[]) => async () => {
      active++;
      if (active > 1) overlapped = true;
      record?.push(turn);
      await yieldTicks(5);
      active--;
      return turn;
    };
    let otherKeyRan = false;
    const results = await Promise.all([
      a.run("k", work(1, orderOnA)),
      b.run("k", work(2)),
      a.run("k", work(3, orderOnA)),
      b.run("k", work(4)),
      a.run("other", async () => {
        otherKeyRan = true;
      }),
    ]);
    expect(results.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(overlapped).toBe(false);
    expect(orderOnA).toEqual([1, 3]);
    expect(otherKeyRan).toBe(true);
  });

  it("keeps the queue going after a work that throws", async () => {
    const lock = host();
    const failed = lock.run("k", async () => {
      throw new Error("boom");
    });
    const next = lock.run("k", async () => "after");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("after");
  });
});
