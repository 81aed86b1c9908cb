import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import type { SettledRunsPosition } from "../src/index.js";
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

// The engine-neutral cases are in run-store-contract.test.ts (SQLite and PostgreSQL).
describe("RunStore.readSettledRunsSince on SQLite", () => {
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
});
