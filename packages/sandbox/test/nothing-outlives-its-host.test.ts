import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { processesWith } from "@mono-agent/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { reapHostProcessLeftovers } from "../src/node/index.js";

const HOST = fileURLToPath(new URL("./fixtures/host-with-children.mjs", import.meta.url));
/** The bound the brief sets: nothing of a killed host may run 10 s later. */
const OUTLIVE_BOUND_MS = 10_000;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startHost(extra: string[] = []) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "sandbox-host-")));
  const marker = `${Date.now()}${process.pid}`;
  const paths = {
    root,
    ledger: join(root, "ledger"),
    workspace: root,
    scratch: join(root, "outbound-run-1"),
  };
  const host = spawn(
    process.execPath,
    [HOST, paths.ledger, paths.workspace, paths.scratch, marker, ...extra],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  started.push(host);
  let output = "";
  host.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  host.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await waitFor(() => (output.includes("ready") ? true : undefined), 30_000, `the host to start (${output})`);
  return { host, marker, paths };
}

async function kill9(child: ChildProcess) {
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

describe("after kill -9 of the host", () => {
  it(`no watched group, grandchild or sandboxed command remains ${OUTLIVE_BOUND_MS / 1000} s later; the next start removes the scratch dir by identity`, async () => {
    const { host, marker, paths } = await startHost();
    for (const child of [1, 2, 3])
      await waitFor(
        () => (processesWith(`${marker}${child}`, { onlySleep: true }).length === 1 ? true : undefined),
        10_000,
        `sleep ${child}`,
      );
    const before = processesWith(marker);
    // The watched group's leader and grandchild, and the sandboxed sleep (bwrap's argv names it too).
    expect(processesWith(`${marker}1`, { onlySleep: true }).length).toBe(1);
    expect(processesWith(`${marker}2`, { onlySleep: true }).length).toBe(1);
    expect(processesWith(`${marker}3`, { onlySleep: true }).length).toBe(1);
    expect(before.length).toBeGreaterThanOrEqual(4);
    await kill9(host);
    const killedAt = Date.now();
    await waitFor(
      () => (processesWith(marker).length === 0 ? true : undefined),
      OUTLIVE_BOUND_MS,
      "the children to die",
    );
    expect(Date.now() - killedAt).toBeLessThan(OUTLIVE_BOUND_MS);
    expect(existsSync(paths.scratch)).toBe(true);
    const report = await reapHostProcessLeftovers({ directory: paths.ledger });
    // The scratch dir, and the placeholders of .git and HEAD the sandboxed command held (the workspace is
    // no git repository, so neither may be created while it runs).
    expect(report).toMatchObject({ deadHosts: 1, pathsRemoved: 3, pathsReplaced: 0 });
    expect(existsSync(join(paths.workspace, ".git"))).toBe(false);
    expect(existsSync(paths.scratch)).toBe(false);
    expect(readdirSync(paths.ledger)).toEqual([]);
    rmSync(paths.root, { recursive: true, force: true });
  }, 60_000);

  it("a group that escaped every watchdog is killed by the next start's reaper, and nothing else", async () => {
    const { host, marker, paths } = await startHost(["--unwatched"]);
    await waitFor(
      () => (processesWith(marker, { onlySleep: true }).length === 2 ? true : undefined),
      10_000,
      "both sleeps",
    );
    await kill9(host);
    expect(processesWith(marker, { onlySleep: true }).length).toBe(2);
    // A ledger naming a live process with another start time (a reused pid) must not get it killed.
    const bystander = spawn("sleep", [`60.${marker}9`], { detached: true, stdio: "ignore" });
    started.push(bystander);
    writeFileSync(
      join(paths.ledger, "999999-1.jsonl"),
      `${JSON.stringify({ op: "group", pid: bystander.pid, startTicks: "1" })}\n`,
    );
    const report = await reapHostProcessLeftovers({ directory: paths.ledger });
    expect(report.deadHosts).toBe(2);
    expect(report.processGroupsKilled).toBe(1);
    await waitFor(
      () => (processesWith(`${marker}1`).length === 0 ? true : undefined),
      OUTLIVE_BOUND_MS,
      "the leader",
    );
    await waitFor(
      () => (processesWith(`${marker}2`).length === 0 ? true : undefined),
      OUTLIVE_BOUND_MS,
      "the grandchild",
    );
    expect(processesWith(`${marker}9`)).toEqual([bystander.pid]);
    rmSync(paths.root, { recursive: true, force: true });
  }, 60_000);

  it("a scratch dir replaced by another object is left alone", async () => {
    const { host, paths } = await startHost(["--unwatched"]);
    await kill9(host);
    rmSync(paths.scratch, { recursive: true });
    writeFileSync(paths.scratch, "someone else's file");
    const report = await reapHostProcessLeftovers({ directory: paths.ledger });
    expect(report.pathsReplaced).toBe(1);
    expect(readFileSync(paths.scratch, "utf8")).toBe("someone else's file");
    rmSync(paths.root, { recursive: true, force: true });
  }, 60_000);
});
