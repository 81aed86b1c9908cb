import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { processesWith, waitFor } from "@mono-agent/test-utils";
import { afterAll, afterEach, describe, expect, it } from "vitest";

const HOST = fileURLToPath(new URL("./fixtures/host-dies-while-sandbox-starts.mjs", import.meta.url));
/** The bound the brief sets: nothing of a killed host may run 10 s later. */
const OUTLIVE_BOUND_MS = 10_000;

const workspace = realpathSync(mkdtempSync(join(tmpdir(), "sandbox-watchdog-")));
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

function runHost(mode: "starting" | "watched") {
  const marker = `${Date.now()}${process.pid}`;
  const host = spawn(process.execPath, [HOST, workspace, marker, mode], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(host);
  let output = "";
  host.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  host.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    host.once("exit", (_, signal) => resolve(signal)),
  );
  return { host, marker, exited, output: () => output };
}

describe("the shared sandbox watchdog", () => {
  it(`a host killed in the step that spawns bwrap (before its parent-death signal is set) leaves nothing ${OUTLIVE_BOUND_MS / 1000} s later`, async () => {
    const { marker, exited, output } = runHost("starting");
    expect(await exited, output()).toBe("SIGKILL");
    const killedAt = Date.now();
    await waitFor(() => processesWith(marker).length === 0, {
      what: () => `the sandbox of the dead host to go (left: ${processesWith(marker).join(", ")})`,
      timeoutMs: OUTLIVE_BOUND_MS,
    });
    expect(Date.now() - killedAt).toBeLessThan(OUTLIVE_BOUND_MS);
  }, 30_000);

  it("kills a watched group that ignores TERM when the host dies by SIGKILL, and leaves a released one alone", async () => {
    const { host, marker, output } = runHost("watched");
    await waitFor(
      () => output().includes("ready") && processesWith(marker, { onlySleep: true }).length === 2,
      {
        what: () => `the host and both groups (${output()})`,
      },
    );
    const [released] = processesWith(`${marker}2`);
    host.kill("SIGKILL");
    await waitFor(() => processesWith(`${marker}1`).length === 0, {
      what: "the watched group to die with the host",
      timeoutMs: OUTLIVE_BOUND_MS,
    });
    expect(processesWith(`${marker}2`)).toEqual([released]);
    if (released !== undefined) process.kill(-released, "SIGKILL");
  }, 30_000);
});
