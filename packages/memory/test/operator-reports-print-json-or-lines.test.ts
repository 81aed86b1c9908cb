import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { configuredMemoryRoot } from "../src/check.js";
import { MemoryError } from "../src/index.js";
import {
  forgetApplyReport,
  forgetPrepareReport,
  forgetRestoreReport,
  memoryDayReport,
  memoryErrorLine,
  memoryRebuildReport,
  memoryReportLine,
  memorySearchReport,
  memoryStatsReport,
  openLiteMemoryStore,
} from "../src/lite/index.js";
import { tempRoot } from "./helpers.js";

async function seeded() {
  const root = tempRoot();
  const store = openLiteMemoryStore({ root });
  const kept = await store.remember({ text: "The staging server is stg-3" });
  const dropped = await store.remember({ text: "The temporary door code is 9911" });
  store.close();
  return { root, keptId: kept.id, droppedId: dropped.id };
}

describe("operator reports of mono-agent memory", () => {
  test("stats, a day, search and rebuild print as text or as one ok JSON object", async () => {
    const { root, keptId } = await seeded();
    const stats = memoryStatsReport(root);
    expect(stats.text.split("\n").slice(0, 4)).toEqual([
      `Memory store (lite): ${root}`,
      "Memories: 2",
      "Daily files: 1",
      "Index: 2 memories",
    ]);
    expect(JSON.parse(memoryReportLine(stats, true))).toMatchObject({ ok: true, stats: { memories: 2 } });

    const today = memoryDayReport(root, undefined);
    expect(memoryReportLine(today, false)).toContain(`${keptId}  open       The staging server is stg-3\n`);
    expect(memoryDayReport(root, "2001-02-03").text).toBe("No memories on 2001-02-03 (UTC).");
    expect(() => memoryDayReport(root, "2001-02-30")).toThrow(MemoryError);

    const search = await memorySearchReport(root, "staging", 5);
    expect(search.data["hits"]).toMatchObject([{ id: keptId }]);
    expect(search.text).toMatch(new RegExp(`^\\d\\.\\d{3}  ${keptId}  The staging server is stg-3$`));
    expect((await memorySearchReport(root, "nothing-like-this", 5)).text).toBe(
      'No memories matched "nothing-like-this".',
    );

    const rebuilt = await memoryRebuildReport(root);
    expect(rebuilt.text).toBe("Rebuilt the index: 2 memories from 1 files.");
  });

  test("forget prepare, apply and restore name the next step", async () => {
    const { root, droppedId } = await seeded();
    const planPath = join(dirname(root), "forget-plan.json");
    const prepared = forgetPrepareReport({
      root,
      idsText: `\n ${droppedId} \n\n`,
      reason: "user-request",
      planPath,
    });
    expect(prepared).toEqual({
      data: { plan: planPath, ids: [droppedId] },
      text: `Plan written to ${planPath} for 1 id(s). Stop the agent, then run: mono-agent memory forget apply --plan ${planPath}`,
    });
    const applied = await forgetApplyReport({ root, planPath });
    const backupDir = applied.data["backupDir"] as string;
    expect(applied.text).toBe(
      `Forgot 1 memory id(s). Backup: ${backupDir}\nUndo with: mono-agent memory forget restore --backup ${backupDir}`,
    );
    const restored = await forgetRestoreReport({ root, backupDir });
    expect(restored.text).toMatch(/^Restored \d+ file\(s\) from .+ and rebuilt the index\.$/);
    try {
      await forgetApplyReport({ root, planPath: join(dirname(root), "missing-plan.json") });
      expect.unreachable("a missing plan is refused");
    } catch (error) {
      expect(JSON.parse(memoryErrorLine(error) ?? "null")).toMatchObject({
        ok: false,
        error: { code: "invalid_plan" },
      });
    }
    expect(memoryErrorLine(new Error("not a memory error"))).toBeUndefined();
  });

  test("the memory root of a config is memoryDir, unless memory is off or memory.path is not a folder", () => {
    const root = tempRoot();
    expect(configuredMemoryRoot({ memoryDir: root })).toEqual({ root });
    expect(configuredMemoryRoot({})).toEqual({
      problem:
        'memory is not configured; add "memory": { "path": "./memory" } to the config (or set MONO_AGENT_MEMORY_PATH)',
    });
    mkdirSync(dirname(root), { recursive: true });
    writeFileSync(root, "a file");
    expect(configuredMemoryRoot({ memoryDir: root })).toEqual({
      problem: `memory.path ${root} is a file, not a folder; set memory.path to a folder (it is created when missing)`,
    });
  });
});
