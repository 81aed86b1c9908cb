import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { RunHistoryError, type SettledRunsPosition } from "../src/index.js";
import { openRunStore, type SqliteRunStore } from "../src/sqlite.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

const base = Date.parse("2026-04-01T00:00:00Z");
const stores: SqliteRunStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function open() {
  const opened = tempStore();
  stores.push(opened.store);
  return opened.store;
}

async function settle(store: SqliteRunStore, runId: string, conversationId: string, updatedAtMs: number) {
  await store.beginRun(
    runStart(runId, { conversationId, startedAtMs: updatedAtMs - 10, userInput: `ask ${runId}` }),
  );
  await store.completeRun(runId, completion({ updatedAtMs, endedAtMs: updatedAtMs }));
}

async function read(store: SqliteRunStore, after?: SettledRunsPosition) {
  const since = await store.readSettledRunsSince({
    logicalConversationId: "cli:a",
    ...(after ? { after } : {}),
  });
  if (!since) throw new Error("a migrated store always tracks changes");
  return since;
}

describe("RunStore.readSettledRunsSince", () => {
  test("a first read returns every settled run of the conversation, oldest first; running runs and other conversations are left out", async () => {
    const store = open();
    await settle(store, "run-b", "cli:a#2026-04-02", base + 2_000);
    await settle(store, "run-a", "cli:a", base + 1_000);
    await settle(store, "run-other", "cli:other", base + 1_500);
    await store.beginRun(runStart("run-live", { conversationId: "cli:a" }));
    const first = await read(store);
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

  test("a later read returns only the runs settled since, each once, even one with an older updatedAt", async () => {
    const store = open();
    await settle(store, "run-1", "cli:a", base + 5_000);
    const first = await read(store);
    await store.beginRun(runStart("run-late", { conversationId: "cli:a" }));
    expect((await read(store, first.position)).runs).toEqual([]);
    await store.completeRun("run-late", completion({ status: "failed", updatedAtMs: base, endedAtMs: base }));
    await store.markInterrupted([], { failureKind: "process_death", error: "x", nowMs: base });
    await store.beginRun(runStart("run-dead", { conversationId: "cli:a#2026-04-03" }));
    await store.markInterrupted(["run-dead"], {
      failureKind: "process_death",
      error: "gone",
      nowMs: base + 1,
    });
    const second = await read(store, first.position);
    expect(second.runs.map((run) => [run.runId, run.status])).toEqual([
      ["run-late", "failed"],
      ["run-dead", "interrupted"],
    ]);
    expect(second.position.settled).toBeGreaterThan(first.position.settled);
    expect((await read(store, second.position)).runs).toEqual([]);
  });

  test("after runs are deleted, a read names the runs still present so a reader can drop the others", async () => {
    const store = open();
    for (const [index, runId] of ["run-1", "run-2", "run-3"].entries())
      await settle(store, runId, "cli:a", base + index * 1_000);
    const first = await read(store);
    expect(await store.deleteRuns(["run-1"])).toEqual(["run-1"]);
    await settle(store, "run-4", "cli:a", base + 9_000);
    await store.beginRun(runStart("run-live", { conversationId: "cli:a" }));
    const second = await read(store, first.position);
    expect(second.runs.map((run) => run.runId)).toEqual(["run-4"]);
    expect(second.remainingRunIds?.sort()).toEqual(["run-2", "run-3", "run-4"]);
    expect(second.position.deleted).toBe(first.position.deleted + 1);
    expect((await read(store, second.position)).remainingRunIds).toBeUndefined();
  });

  test("a process writing the file with its own SQL (an older version of the store) still numbers settled runs and counts deletions", async () => {
    const store = open();
    await settle(store, "run-1", "cli:a", base);
    await store.beginRun(runStart("run-2", { conversationId: "cli:a" }));
    const first = await read(store);
    const other = new Database(store.file);
    other
      .prepare(
        "UPDATE runs SET status = 'cancelled', failure_kind = 'cancelled', updated_at_ms = ?, ended_at_ms = ? WHERE run_id = 'run-2' AND status = 'running'",
      )
      .run(base + 1, base + 1);
    other.prepare("DELETE FROM runs WHERE run_id = 'run-1'").run();
    other.close();
    const second = await read(store, first.position);
    expect(second.runs.map((run) => [run.runId, run.status, run.failureKind])).toEqual([
      ["run-2", "cancelled", "cancelled"],
    ]);
    expect(second.remainingRunIds).toEqual(["run-2"]);
  });

  test("a store opened read-only on a migrated file reads them too", async () => {
    const store = open();
    await settle(store, "run-1", "cli:a", base);
    const reader = openRunStore({ file: store.file, readOnly: true });
    stores.push(reader);
    const first = await reader.readSettledRunsSince({ conversationId: "cli:a" });
    expect(first?.runs.map((run) => run.runId)).toEqual(["run-1"]);
    await settle(store, "run-2", "cli:a", base + 1);
    const since = await reader.readSettledRunsSince({
      conversationId: "cli:a",
      ...(first ? { after: first.position } : {}),
    });
    expect(since?.runs.map((run) => run.runId)).toEqual(["run-2"]);
  });

  test("without a conversation, or with a position it did not return, it throws invalid_argument", async () => {
    const store = open();
    for (const query of [
      {},
      { conversationId: "cli:a", after: { settled: -1, deleted: 0 } },
      { conversationId: "cli:a", after: { settled: 1, deleted: 0.5 } },
    ]) {
      const error = await store.readSettledRunsSince(query).catch((caught: unknown) => caught);
      expect(RunHistoryError.isInstance(error) && error.code).toBe("invalid_argument");
    }
  });
});
