import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  currentRunOwner,
  openRunStore,
  runEventsFile,
  runToolOutputDir,
} from "@mono-agent/run-history/sqlite";
import { describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

const base = Date.now() - 60_000;

describe("retention when an app starts", () => {
  test("maxCount 10: of 15 settled runs and one running, 10 settled and the running one remain, removed files are gone", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "run-record-retention-"));
    const artifactsDir = join(cwd, ".mono-agent", "artifacts");
    const store = openRunStore({ file: join(artifactsDir, "runs.sqlite") });
    const ids: string[] = [];
    for (let index = 0; index < 15; index++) {
      const runId = `settled-${String(index).padStart(2, "0")}`;
      ids.push(runId);
      await store.beginRun({
        runId,
        conversationId: "cli:default",
        startedAtMs: base + index,
        model: "demo:demo",
        source: "cli",
        userInput: "q",
        owner: currentRunOwner(),
      });
      await store.completeRun(runId, {
        status: "succeeded",
        updatedAtMs: base + index,
        endedAtMs: base + index,
        durationMs: 1,
        eventCount: 1,
        eventsDropped: 0,
        toolCallCount: 0,
        toolErrorCount: 0,
        tools: [],
        warnings: [],
        usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 },
        mcpServersUsed: [],
      });
      writeFileSync(runEventsFile(artifactsDir, runId), '{"type":"tool_timing"}\n');
      mkdirSync(runToolOutputDir(artifactsDir, runId), { recursive: true });
    }
    // Owned by this (live) process, started before all the others: neither reconciled nor removed.
    await store.beginRun({
      runId: "still-running",
      conversationId: "cli:default",
      startedAtMs: base - 1_000,
      model: "demo:demo",
      source: "cli",
      userInput: "q",
      owner: currentRunOwner(),
    });
    await store.close();

    const app = await startMonoAgentApp({
      config: { runtime: { model: "demo:demo" }, artifacts: { retention: { maxCount: 10 } } },
      cwd,
      env: { PATH: process.env.PATH ?? "" },
    });
    await app.close();

    const after = openRunStore({ file: join(artifactsDir, "runs.sqlite"), readOnly: true });
    const left = (await after.listRuns({ limit: 100 })).runs;
    await after.close();
    expect(left.map((run) => run.runId).sort()).toEqual([...ids.slice(5), "still-running"].sort());
    expect(left.find((run) => run.runId === "still-running")?.status).toBe("running");
    for (const runId of ids.slice(0, 5)) {
      expect(existsSync(runEventsFile(artifactsDir, runId))).toBe(false);
      expect(existsSync(runToolOutputDir(artifactsDir, runId))).toBe(false);
    }
    for (const runId of ids.slice(5)) expect(existsSync(runEventsFile(artifactsDir, runId))).toBe(true);
  });
});
