import { afterEach, describe, expect, test } from "vitest";
import { RunHistoryError } from "../src/index.js";
import type { SqliteRunStore } from "../src/sqlite.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

const stores: SqliteRunStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function seededStore() {
  const { store } = tempStore();
  stores.push(store);
  const base = Date.parse("2026-01-01T00:00:00Z");
  const runs: [string, string, "succeeded" | "failed" | "running"][] = [
    ["run-1", "cli:default#2026-01-01", "succeeded"],
    ["run-2", "cli:default#2026-01-02", "failed"],
    ["run-3", "cli:default", "running"],
    ["run-4", "web:thread", "succeeded"],
    ["run-5", "cli:default", "succeeded"],
  ];
  for (const [index, [runId, conversationId, status]] of runs.entries()) {
    await store.beginRun(
      runStart(runId, {
        conversationId,
        startedAtMs: base + index * 1_000,
        effort: "high",
        sourceDetail: "job",
      }),
    );
    if (status !== "running")
      await store.completeRun(
        runId,
        completion({
          status,
          updatedAtMs: base + index * 1_000 + 500,
          endedAtMs: base + index * 1_000 + 500,
          ...(status === "failed" ? { failureKind: "provider_error" } : {}),
        }),
      );
  }
  return store;
}

describe("RunStore.scanRunSearchFields", () => {
  test("reads the search fields of one logical conversation, newest first, with status and exclusion filters", async () => {
    const store = await seededStore();
    const fields = await store.scanRunSearchFields({
      logicalConversationId: "cli:default",
      statuses: ["succeeded", "failed", "cancelled", "interrupted"],
      excludeRunIds: ["run-5"],
    });
    expect(fields.map((run) => run.runId)).toEqual(["run-2", "run-1"]);
    expect(fields[0]).toEqual({
      runId: "run-2",
      status: "failed",
      startedAtMs: Date.parse("2026-01-01T00:00:01Z"),
      endedAtMs: Date.parse("2026-01-01T00:00:01.500Z"),
      model: "demo:demo",
      effort: "high",
      source: "cli",
      sourceDetail: "job",
      failureKind: "provider_error",
      userInput: "question of run-2",
    });
    expect(
      (await store.scanRunSearchFields({ conversationId: "cli:default" })).map((run) => run.runId),
    ).toEqual(["run-5", "run-3"]);
    expect((await store.scanRunSearchFields({ limit: 2 })).map((run) => run.runId)).toEqual([
      "run-5",
      "run-4",
    ]);
  });

  test("rejects a limit outside 1..1,000,000 with invalid_argument", async () => {
    const store = await seededStore();
    for (const limit of [0, 1_000_001, 1.5]) {
      const error = await store.scanRunSearchFields({ limit }).catch((caught: unknown) => caught);
      expect(RunHistoryError.isInstance(error) && error.code).toBe("invalid_argument");
    }
  });
});
