import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { currentRunOwner, openRunStore } from "@mono-agent/run-history/sqlite";
import { describe, expect, test } from "vitest";
import { artifactsDirOf } from "../app/run-record-store.js";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

const started = {
  conversationId: "cli:default",
  model: "demo:demo",
  source: "cli",
  userInput: "please echo",
  owner: currentRunOwner(),
};
const settled = {
  status: "succeeded" as const,
  endedAtMs: Date.now(),
  durationMs: 1_200,
  eventCount: 7,
  eventsDropped: 0,
  toolCallCount: 2,
  toolErrorCount: 0,
  tools: [],
  warnings: [],
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2, costUsd: 0 },
  mcpServersUsed: [],
};

function runsSection(dir: string) {
  const result = runCli(["validate", "--json"], { cwd: dir });
  return JSON.parse(result.stdout).sections.find((section: { id: string }) => section.id === "runs");
}

describe("validate: runs health", () => {
  test("no runs: disabled, No runs recorded yet.", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(runsSection(dir)).toMatchObject({
      id: "runs",
      label: "Runs",
      status: "disabled",
      lines: [{ message: "No runs recorded yet." }],
    });
  });

  test("counts, the last runs, and a stale running run of a dead process as a warning", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const store = openRunStore({ file: join(artifactsDirOf(dir), "runs.sqlite") });
    for (let index = 0; index < 6; index++) {
      const runId = `settled-${index}`;
      await store.beginRun({ ...started, runId, startedAtMs: Date.now() - 60_000 + index });
      await store.completeRun(runId, { ...settled, updatedAtMs: Date.now() - 60_000 + index });
    }
    await store.close();
    const healthy = runsSection(dir);
    expect(healthy.status).toBe("ok");
    expect(healthy.lines[0].message).toBe("Recorded runs: 6 total; showing 6 recent (max 50).");
    expect(
      healthy.lines.filter((line: { message: string }) => / succeeded, started /.test(line.message)),
    ).toHaveLength(5);

    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    });
    const again = openRunStore({ file: join(artifactsDirOf(dir), "runs.sqlite") });
    await again.beginRun({
      runId: "stale-run-1",
      conversationId: "cli:default",
      startedAtMs: Date.now(),
      model: "demo:demo",
      source: "cli",
      userInput: "left running",
      owner: { ...currentRunOwner(), pid: Number(dead.stdout), startToken: "linux:gone:1" },
    });
    await again.close();
    const stale = runsSection(dir);
    expect(stale.status).toBe("warning");
    expect(stale.lines[0].message).toBe("Recorded runs: 7 total; showing 7 recent (max 50).");
    expect(stale.lines).toContainEqual(
      expect.objectContaining({
        status: "warning",
        code: "stale_running_run",
        message: expect.stringContaining("stale-run-1"),
      }),
    );
  });
});
