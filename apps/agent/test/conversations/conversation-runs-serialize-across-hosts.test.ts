import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConversationRunLock,
  createPostgresConversationRunLock,
} from "../../src/conversations/conversation-run-lock.js";

let server: TestPostgres;
const locks: ConversationRunLock[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(locks.map((lock) => lock.close()));
  await server?.stop();
});

const host = () => {
  const lock = createPostgresConversationRunLock({ url: server.url, schema: "run_lock" });
  locks.push(lock);
  return lock;
};

describe("the PostgreSQL conversation run lock", () => {
  it("runs of one conversation sent alternately to two hosts never overlap; other conversations run beside them", async () => {
    const [a, b] = [host(), host()];
    const active = new Map<string, number>();
    const overlaps: string[] = [];
    const order = new Map<string, string[]>();
    let concurrentConversations = 0;
    let maxConcurrent = 0;
    const run = (lock: ConversationRunLock, conversation: string, turn: number) =>
      lock.run(conversation, async () => {
        const now = (active.get(conversation) ?? 0) + 1;
        active.set(conversation, now);
        if (now > 1) overlaps.push(`${conversation} turn ${turn}`);
        concurrentConversations++;
        maxConcurrent = Math.max(maxConcurrent, concurrentConversations);
        // A turn that yields to the event loop several times, as a model call does.
        for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setImmediate(resolve));
        order.set(conversation, [...(order.get(conversation) ?? []), `${turn}`]);
        concurrentConversations--;
        active.set(conversation, (active.get(conversation) ?? 1) - 1);
      });
    const runs: Promise<void>[] = [];
    for (let turn = 0; turn < 10; turn++)
      for (let conversation = 0; conversation < 4; conversation++)
        runs.push(run(turn % 2 === 0 ? a : b, `web:c${conversation}`, turn));
    await Promise.all(runs);
    expect(overlaps).toEqual([]);
    expect(maxConcurrent).toBeGreaterThan(1);
    for (let conversation = 0; conversation < 4; conversation++)
      expect(order.get(`web:c${conversation}`)).toHaveLength(10);
  });

  it("a run that throws releases the conversation for the next one", async () => {
    const lock = host();
    await expect(lock.run("cli:x", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await lock.run("cli:x", async () => "next")).toBe("next");
  });
});
