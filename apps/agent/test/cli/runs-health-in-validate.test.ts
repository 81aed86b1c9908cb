import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { openRunStore } from "@mono-agent/run-history/sqlite";
import { describe, expect, test } from "vitest";
import { artifactsDirOf } from "../app/run-record-store.js";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

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
    for (let index = 0; index < 6; index++)
      expect(runCli(["run", `please echo ${index}`], { cwd: dir }).exitCode).toBe(0);
    const healthy = runsSection(dir);
    expect(healthy.status).toBe("ok");
    expect(healthy.lines[0].message).toBe("Recorded runs: 6 total; showing 6 recent (max 50).");
    expect(
      healthy.lines.filter((line: { message: string }) => / succeeded, started /.test(line.message)),
    ).toHaveLength(5);

    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    });
    const store = openRunStore({ file: join(artifactsDirOf(dir), "runs.sqlite") });
    const { currentRunOwner } = await import("@mono-agent/run-history/sqlite");
    await store.beginRun({
      runId: "stale-run-1",
      conversationId: "cli:default",
      startedAtMs: Date.now(),
      model: "demo:demo",
      source: "cli",
      userInput: "left running",
      owner: { ...currentRunOwner(), pid: Number(dead.stdout), startToken: "linux:gone:1" },
    });
    await store.close();
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
