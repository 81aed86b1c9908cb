import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { invocationWrite, resultWrite } from "../src/index.js";
import { openToolHistoryStore } from "../src/sqlite/index.js";

const scope = {
  conversationId: "telegram:1#2026-07-12",
  runId: "now",
  rollover: "daily" as const,
  includeIsolated: true,
};

function storeWith(
  calls: { runId: string; endedAtMs: number; bytes?: number; conversationId?: string }[],
  retention = {},
) {
  const store = openToolHistoryStore({
    file: join(mkdtempSync(join(tmpdir(), "retention-")), "t.sqlite"),
    retention,
  });
  calls.forEach((call, index) => {
    const identity = {
      conversationId: call.conversationId ?? "telegram:1#2026-07-11",
      runId: call.runId,
      toolCallId: `c${index}`,
      toolName: "Read",
      runStartedAtMs: call.endedAtMs - 10,
      isolated: false,
    };
    store.writeInvocation(
      invocationWrite(identity, {
        sequence: 1,
        startedAtMs: call.endedAtMs - 5,
        args: { pad: "x".repeat(call.bytes ?? 10) },
      }),
      "owner",
    );
    store.writeResult(
      resultWrite(identity, { sequence: 2, endedAtMs: call.endedAtMs, result: "ok", isError: false }),
      "owner",
    );
  });
  return store;
}

describe("retention by count, age and bytes, with tombstones (SPEC §5 defaults)", () => {
  it("defaults to 100,000 calls, 30 days, 512 MiB and 10,000 tombstones for 30 days", () => {
    expect(storeWith([]).retention).toEqual({
      maxCompletedCalls: 100_000,
      maxAgeMs: 30 * 86_400_000,
      maxBytes: 512 * 1024 * 1024,
      maxTombstones: 10_000,
      tombstoneMaxAgeMs: 30 * 86_400_000,
    });
  });

  it("removes the oldest calls past each bound and leaves a tombstone per record", async () => {
    const now = Date.now();
    const byAge = storeWith([
      { runId: "old", endedAtMs: now - 40 * 86_400_000 },
      { runId: "new", endedAtMs: now },
    ]);
    expect(byAge.applyRetention(now).removedCalls).toBe(1);
    const old = await byAge.getRecord(
      scope,
      (await byAge.searchCalls({ scope, terms: [], limit: 5 }))[0]!.recordId,
    );
    expect(old).toMatchObject({ runId: "new" });
    const byBytes = storeWith(
      [
        { runId: "a", endedAtMs: now - 3, bytes: 5_000 },
        { runId: "b", endedAtMs: now - 2, bytes: 5_000 },
        { runId: "c", endedAtMs: now - 1, bytes: 10 },
      ],
      { maxBytes: 6_000 },
    );
    expect(byBytes.applyRetention(now).removedCalls).toBe(1);
    expect((await byBytes.searchCalls({ scope, terms: [], limit: 5 })).map((call) => call.runId)).toEqual([
      "c",
      "b",
    ]);
  });

  it("drops tombstones past their own count and age", () => {
    const now = Date.now();
    const store = storeWith(
      Array.from({ length: 5 }, (_, index) => ({ runId: `r${index}`, endedAtMs: now - 100 + index })),
      { maxCompletedCalls: 1, maxTombstones: 3 },
    );
    expect(store.applyRetention(now)).toEqual({ removedCalls: 4, removedTombstones: 5 });
    expect(store.applyRetention(now + 31 * 86_400_000).removedTombstones).toBe(3);
  });

  it("a conversation reset clears every bucket of that logical session and nothing else", async () => {
    const store = storeWith([
      { runId: "a", endedAtMs: Date.now(), conversationId: "telegram:1#2026-07-10" },
      { runId: "b", endedAtMs: Date.now(), conversationId: "telegram:1#2026-07-11" },
      { runId: "c", endedAtMs: Date.now(), conversationId: "telegram:2" },
    ]);
    expect(store.resetConversation("telegram:1#2026-07-12")).toBe(2);
    expect(await store.searchCalls({ scope, terms: [], limit: 5 })).toEqual([]);
    const other = { ...scope, conversationId: "telegram:2", rollover: "none" as const };
    expect(await store.searchCalls({ scope: other, terms: [], limit: 5 })).toHaveLength(1);
  });
});
