import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { currentRunOwner, isRunOwnerAlive, readRunEvents, reconcileInterruptedRuns } from "../src/sqlite.js";
import { runStart, tempStore } from "./fixtures/temp-store.js";

const CHILD = fileURLToPath(new URL("./fixtures/record-and-wait.mjs", import.meta.url));
const children: ChildProcess[] = [];

function startRecordingChild(artifactsDir: string, runId: string, events: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [CHILD, artifactsDir, runId, String(events)], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolveReady, rejectReady) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("checkpointed")) resolveReady(child);
    });
    child.on("exit", (code) => rejectReady(new Error(`child exited ${code}: ${stderr}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    child.on("exit", () => resolveExit());
    child.kill("SIGKILL");
  });
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

describe("reconciliation of interrupted runs", () => {
  test("kill -9 mid-run: the run becomes interrupted/process_death with readable events; a live process's run stays running", async () => {
    const { artifactsDir, store } = tempStore();
    const [survivor, victim] = await Promise.all([
      startRecordingChild(artifactsDir, "run-live", 5),
      startRecordingChild(artifactsDir, "run-killed", 5),
    ]);
    await killHard(victim);
    expect(survivor.exitCode).toBeNull();

    const report = await reconcileInterruptedRuns({ store, artifactsDir });
    expect(report).toEqual({ interrupted: ["run-killed"], live: 1 });
    expect(await store.getRun("run-killed")).toMatchObject({
      status: "interrupted",
      failureKind: "process_death",
      eventCount: 10,
      toolCallCount: 5,
    });
    expect((await store.getRun("run-killed"))?.endedAt).toBeDefined();
    expect((await store.getRun("run-live"))?.status).toBe("running");

    const read = await readRunEvents(artifactsDir, "run-killed");
    expect(read.badLines).toEqual([]);
    expect(read.totalEvents).toBe(10);
    expect(read.events.map((entry) => entry.event.type)).toEqual(Array(5).fill(["assistant", "user"]).flat());
    expect(readdirSync(artifactsDir).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    // A second pass changes nothing, and the live run is still untouched.
    expect(await reconcileInterruptedRuns({ store, artifactsDir })).toEqual({ interrupted: [], live: 1 });
  });

  test("runs of this process and of another host are never touched", async () => {
    const { artifactsDir, store } = tempStore();
    await store.beginRun(runStart("mine", { owner: currentRunOwner() }));
    await store.beginRun(runStart("elsewhere", { owner: { pid: 1, startToken: "x", host: "another-host" } }));
    expect(await reconcileInterruptedRuns({ store, artifactsDir })).toEqual({ interrupted: [], live: 2 });
  });

  test("a pid reused by a newer process does not keep a dead owner's run alive", () => {
    const self = currentRunOwner();
    expect(isRunOwnerAlive(self)).toBe(true);
    if (!self.startToken.startsWith("linux:")) return;
    const [, boot] = self.startToken.split(":");
    expect(isRunOwnerAlive({ ...self, startToken: `linux:${boot}:1` }, { ...self, pid: -1 })).toBe(false);
    expect(isRunOwnerAlive({ ...self, startToken: "linux:another-boot:1" }, { ...self, pid: -1 })).toBe(
      false,
    );
  });
});
