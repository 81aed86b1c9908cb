import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, test } from "vitest";
import { currentRunOwner, liveRunsOfConversation, type SqliteRunStore } from "../src/sqlite.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

const stores: SqliteRunStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function opened(): SqliteRunStore {
  const { store } = tempStore();
  stores.push(store);
  return store;
}

describe("liveRunsOfConversation", () => {
  test("counts running runs of live processes over every bucket of the logical conversation", async () => {
    const store = opened();
    const self = currentRunOwner();
    const exited = { ...self, pid: spawnSync(process.execPath, ["-e", ""]).pid, startToken: "exited" };
    await store.beginRun(runStart("run-today", { conversationId: "cli:a#2026-07-12", owner: self }));
    await store.beginRun(runStart("run-yesterday", { conversationId: "cli:a#2026-07-11", owner: self }));
    await store.beginRun(runStart("run-dead", { conversationId: "cli:a", owner: exited }));
    await store.beginRun(runStart("run-other", { conversationId: "cli:b", owner: self }));
    await store.beginRun(runStart("run-settled", { conversationId: "cli:a", owner: self }));
    await store.completeRun("run-settled", completion());

    const live = await liveRunsOfConversation(store, "cli:a#2026-07-12");
    expect(live.map((run) => run.runId).sort()).toEqual(["run-today", "run-yesterday"]);
    expect(live.every((run) => run.pid === process.pid)).toBe(true);
  });

  test("a store with no running run has none", async () => {
    expect(await liveRunsOfConversation(opened(), "cli:a")).toEqual([]);
  });
});
