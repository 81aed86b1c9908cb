import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { DAY_MS } from "../src/index.js";
import { runEventsFile, runToolOutputDir, sweepRunRetention } from "../src/sqlite.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

const base = Date.parse("2026-05-01T00:00:00Z");

async function seed(count: number) {
  const { artifactsDir, store } = tempStore();
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const runId = `run-${String(index).padStart(2, "0")}`;
    ids.push(runId);
    await store.beginRun(runStart(runId, { startedAtMs: base + index * 1_000 }));
    await store.completeRun(runId, completion({ updatedAtMs: base + index * 1_000 + 500 }));
    writeFileSync(runEventsFile(artifactsDir, runId), '{"type":"tool_timing"}\n');
    mkdirSync(runToolOutputDir(artifactsDir, runId), { recursive: true });
    writeFileSync(join(runToolOutputDir(artifactsDir, runId), "out.txt"), "big output");
  }
  // The oldest run of all is still running: it never counts and is never removed.
  await store.beginRun(runStart("run-running", { startedAtMs: base - DAY_MS * 1_000 }));
  return { artifactsDir, store, ids };
}

describe("retention", () => {
  test("maxCount 10 with 15 settled runs and one running: 10 settled and the running one remain, files gone", async () => {
    const { artifactsDir, store, ids } = await seed(15);
    const report = await sweepRunRetention({
      store,
      artifactsDir,
      maxAgeDays: 3650,
      maxCount: 10,
      now: () => base,
    });
    const removed = ids.slice(0, 5);
    expect(report).toEqual({ dryRun: false, runIds: removed, count: 5 });
    const left = (await store.listRuns({ limit: 100 })).runs.map((run) => run.runId).sort();
    expect(left).toEqual([...ids.slice(5), "run-running"].sort());
    for (const runId of removed) {
      expect(existsSync(runEventsFile(artifactsDir, runId))).toBe(false);
      expect(existsSync(runToolOutputDir(artifactsDir, runId))).toBe(false);
    }
    for (const runId of ids.slice(5)) expect(existsSync(runEventsFile(artifactsDir, runId))).toBe(true);
    expect(readdirSync(join(artifactsDir, "tool-output")).sort()).toEqual(ids.slice(5));
  });

  test("maxAgeDays removes settled runs started before the cutoff, never the running one", async () => {
    const { artifactsDir, store, ids } = await seed(4);
    const now = () => base + 2 * DAY_MS + 1_500;
    const report = await sweepRunRetention({ store, artifactsDir, maxAgeDays: 2, maxCount: 100, now });
    expect(report.runIds).toEqual(ids.slice(0, 2));
    expect((await store.getRun("run-running"))?.status).toBe("running");
  });

  test("a dry run reports and removes nothing", async () => {
    const { artifactsDir, store, ids } = await seed(15);
    const report = await sweepRunRetention({
      store,
      artifactsDir,
      maxAgeDays: 365,
      maxCount: 10,
      dryRun: true,
      now: () => base,
    });
    expect(report).toEqual({ dryRun: true, runIds: ids.slice(0, 5), count: 5 });
    expect(await store.countRuns()).toBe(16);
    expect(existsSync(runEventsFile(artifactsDir, ids[0]!))).toBe(true);
  });

  test("out-of-range settings are typed errors naming the range", async () => {
    const { artifactsDir, store } = tempStore();
    await expect(sweepRunRetention({ store, artifactsDir, maxAgeDays: 0, maxCount: 10 })).rejects.toThrow(
      /maxAgeDays must be an integer from 1 to 3650/,
    );
  });
});
