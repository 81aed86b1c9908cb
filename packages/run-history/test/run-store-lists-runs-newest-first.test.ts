import { describe, expect, test } from "vitest";
import { RunHistoryError } from "../src/index.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

const minute = 60_000;
const base = Date.parse("2026-03-01T00:00:00Z");

async function seeded() {
  const { store } = tempStore();
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
        }),
      );
  }
  return store;
}

describe("run store listing", () => {
  test("lists newest first and pages by keyset without gaps or repeats", async () => {
    const store = await seeded();
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

  test("a logical conversation merges every rollover bucket; an exact id does not", async () => {
    const store = await seeded();
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
    const store = await seeded();
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
  });

  test("an anchor outside the filtered set is unknown_anchor; bad input is a typed error", async () => {
    const store = await seeded();
    await expect(store.listRuns({ conversationId: "web:other", afterRunId: "run-00" })).rejects.toMatchObject(
      {
        code: "unknown_anchor",
      },
    );
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
    await expect(store.beginRun(runStart("run-00"))).rejects.toMatchObject({ code: "run_exists" });
  });

  test("a settled run never goes back to running and is settled once", async () => {
    const store = await seeded();
    expect(await store.checkpointRun("run-00", completion())).toBe(false);
    expect(await store.completeRun("run-00", completion({ status: "cancelled" }))).toBe(false);
    expect((await store.getRun("run-00"))?.status).toBe("failed");
    expect(
      await store.completeRun("run-11", completion({ status: "cancelled", failureKind: "cancelled" })),
    ).toBe(true);
    expect(await store.getRun("run-11")).toMatchObject({ status: "cancelled", failureKind: "cancelled" });
  });

  test("a read-only store reads and refuses writes; a missing file is store_failed", async () => {
    const { store, artifactsDir } = tempStore();
    await store.beginRun(runStart("ro-1"));
    const { openRunStore } = await import("../src/sqlite.js");
    const readOnly = openRunStore({ file: store.file, readOnly: true });
    expect((await readOnly.getRun("ro-1"))?.status).toBe("running");
    await expect(readOnly.beginRun(runStart("ro-2"))).rejects.toMatchObject({ code: "store_failed" });
    await readOnly.close();
    expect(() => openRunStore({ file: `${artifactsDir}/missing.sqlite`, readOnly: true })).toThrow(
      /does not exist/,
    );
  });
});
