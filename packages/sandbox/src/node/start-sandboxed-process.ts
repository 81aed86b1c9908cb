import { type ChildProcess, type IOType, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { SandboxError } from "../sandbox-error.js";
import { recordInActiveLedgers } from "./host-process-ledger.js";
import type { ExpectedMount } from "./mount-plan.js";
import { decodeMountPath } from "./placeholders.js";
import type { SandboxSpawnSpec } from "./prepare-sandboxed-command.js";
import { readProcessIdentity } from "./process-identity.js";
import { spawnProcessGroup, WATCHDOG_SHELL } from "./spawn-process-group.js";
import { ensureSandboxWatchdog, watchSandboxGroup } from "./watch-sandbox-group.js";

/**
 * How long the host waits for bubblewrap to build the sandbox and show every protected mount, in ms.
 * bwrap builds one in tens of ms (measured on a loaded 2-CPU machine); past 10 s the command is refused.
 */
export const SANDBOX_SETUP_TIMEOUT_MS = 10_000;

/** How often the host looks at the sandbox's mount table while bubblewrap builds it, in ms (a read costs ~0.1 ms). */
export const SANDBOX_SETUP_POLL_MS = 1;

/** Most stderr the host keeps from a sandbox that failed to start, in characters (for the error message). */
const SETUP_STDERR_CHARS = 2_000;

/** Options of {@link startSandboxedProcess}. */
export interface StartSandboxedProcessOptions {
  /** stdio of the command, as for `child_process.spawn`; stderr should be `"pipe"` to report engine errors. */
  stdio: IOType[];
}

interface MountEntry {
  path: string;
  readOnly: boolean;
}

function parseMountinfo(text: string): MountEntry[] {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const fields = line.split(" ");
      return {
        path: decodeMountPath(fields[4] ?? ""),
        readOnly: (fields[5] ?? "").split(",").includes("ro"),
      };
    });
}

function missingMounts(entries: readonly MountEntry[], expected: readonly ExpectedMount[]): ExpectedMount[] {
  return expected.filter((mount) => {
    // The last mount at a path is the one in effect.
    const top = entries.filter((entry) => entry.path === mount.path).at(-1);
    return !top || (mount.readOnly && !top.readOnly);
  });
}

/** Starts bwrap as the leader of a new process group and session, watched and recorded in the open ledgers. */
function spawnBubblewrap(spec: SandboxSpawnSpec, stdio: IOType[], engineArgs: string[]): ChildProcess {
  if (!ensureSandboxWatchdog())
    throw new SandboxError(
      "sandbox_prepare_failed",
      `the sandbox watchdog needs ${WATCHDOG_SHELL}, which could not be started; nothing ran`,
    );
  const child = spawn(spec.command, [...engineArgs, ...spec.args], {
    env: spec.env,
    cwd: "/",
    stdio,
    detached: true,
    shell: false,
    windowsHide: true,
  });
  const leaderPid = child.pid;
  if (leaderPid === undefined) return child;
  // Same synchronous step as the spawn: from here on the host's death gets the group killed.
  const unwatch = watchSandboxGroup(leaderPid);
  const identity = readProcessIdentity(leaderPid);
  if (identity) recordInActiveLedgers({ op: "group", pid: leaderPid, startTicks: identity.startTicks });
  child.once("exit", () => {
    unwatch();
    recordInActiveLedgers({ op: "release-group", pid: leaderPid });
  });
  return child;
}

/**
 * Spawns a prepared command. A `host-process` spec runs under the watchdog of `spawnProcessGroup`. A
 * `bubblewrap` spec runs bwrap itself as the leader of a new process group (no shell of ours in
 * between), recorded in the open ledgers and put under this host's shared watchdog in the same step as
 * the spawn; bwrap's `--die-with-parent` and the pid namespace end the sandbox when the host dies, and
 * the watchdog covers the few milliseconds before bwrap has set that signal. When the spec protects
 * paths, bwrap gets `--block-fd`: the host reads the sandbox's mount table and lets the command start
 * only once every protected path is a mount point with the expected flags at exactly its path, so a
 * path swapped for a symlink meanwhile cannot slip through. Resolves once the command runs; rejects
 * with `sandbox_prepare_failed` (the process killed) when the engine fails to build the sandbox or a
 * protected mount is not there within
 * {@link SANDBOX_SETUP_TIMEOUT_MS}.
 */
export async function startSandboxedProcess(
  spec: SandboxSpawnSpec,
  options: StartSandboxedProcessOptions,
): Promise<ChildProcess> {
  if (spec.engine === "host-process")
    return spawnProcessGroup(spec.command, spec.args, { env: spec.env, cwd: spec.cwd, stdio: options.stdio });
  const statusFd = options.stdio.length;
  const blocking = spec.expectedMounts.length > 0;
  const child = spawnBubblewrap(
    spec,
    [...options.stdio, "pipe", ...(blocking ? (["pipe"] as const) : [])],
    ["--json-status-fd", String(statusFd), ...(blocking ? ["--block-fd", String(statusFd + 1)] : [])],
  );
  const status = child.stdio[statusFd] as Readable;
  const block = blocking ? (child.stdio[statusFd + 1] as Writable) : undefined;
  status.on("error", () => {});
  block?.on("error", () => {});
  let stderr = "";
  const collectStderr = (chunk: Buffer) => {
    if (stderr.length < SETUP_STDERR_CHARS) stderr += chunk.toString("utf8");
  };
  child.stderr?.on("data", collectStderr);
  const failure = (message: string) => {
    try {
      process.kill(-(child.pid ?? 0), "SIGKILL");
    } catch {
      // Already gone.
    }
    return new SandboxError("sandbox_prepare_failed", message);
  };
  try {
    const sandboxPid = await new Promise<number>((resolve, reject) => {
      let text = "";
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      const timer = setTimeout(
        () => settle(() => reject(failure("the sandbox engine did not start in time"))),
        SANDBOX_SETUP_TIMEOUT_MS,
      );
      status.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        const match = /"child-pid":\s*(\d+)/.exec(text);
        if (match) settle(() => resolve(Number(match[1])));
      });
      child.once("error", (error) =>
        settle(() =>
          reject(
            new SandboxError(
              "sandbox_prepare_failed",
              `the sandbox engine could not be started: ${error.message}`,
              {
                cause: error,
              },
            ),
          ),
        ),
      );
      child.once("exit", () =>
        settle(() => reject(failure(`the sandbox engine failed: ${stderr.trim() || "no message"}`))),
      );
    });
    if (block) {
      const deadline = Date.now() + SANDBOX_SETUP_TIMEOUT_MS;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw failure(`the sandbox engine failed: ${stderr.trim() || "no message"}`);
        let mountinfo = "";
        try {
          mountinfo = readFileSync(`/proc/${sandboxPid}/mountinfo`, "utf8");
        } catch {
          // Not readable yet, or the sandbox is already gone (checked on the next turn).
        }
        const missing = missingMounts(parseMountinfo(mountinfo), spec.expectedMounts);
        if (missing.length === 0) break;
        if (Date.now() > deadline)
          throw failure(
            `protected path${missing.length === 1 ? "" : "s"} ${missing.map((mount) => mount.path).join(", ")} did not show up as expected in the sandbox (changed while it was prepared?); nothing ran`,
          );
        await new Promise((resolve) => setTimeout(resolve, SANDBOX_SETUP_POLL_MS));
      }
      block.end("go");
    }
  } finally {
    child.stderr?.off("data", collectStderr);
  }
  return child;
}
