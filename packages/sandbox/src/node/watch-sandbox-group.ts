import { type ChildProcess, spawn } from "node:child_process";
import type { Writable } from "node:stream";
import { WATCHDOG_SHELL } from "./spawn-process-group.js";

/**
 * The shared watchdog of this host process, in POSIX sh: it reads `+ <pgid>` and `- <pgid>` lines from
 * the host (ignoring TERM, INT and HUP) and, at end-of-file, which the kernel delivers when the host dies
 * (SIGKILL included), kills every process group still listed. One per host process instead of one shell
 * per command: a sandboxed command costs two short writes to it, not a shell of its own.
 */
const SCRIPT = [
  "trap '' TERM INT HUP",
  'groups=""',
  "while read -r op group; do",
  '  case "$op" in',
  '    +) groups="$groups $group" ;;',
  '    -) kept=""; for listed in $groups; do [ "$listed" = "$group" ] || kept="$kept $listed"; done; groups=$kept ;;',
  "  esac",
  "done",
  'for listed in $groups; do kill -s KILL -- "-$listed" 2>/dev/null; done',
].join("\n");

let watchdog: { child: ChildProcess; input: Writable } | undefined;

function startWatchdog(): { child: ChildProcess; input: Writable } | undefined {
  const child = spawn(WATCHDOG_SHELL, ["-c", SCRIPT, "mono-agent-sandbox-watchdog"], {
    env: {},
    cwd: "/",
    stdio: ["pipe", "ignore", "ignore"],
    detached: true,
    windowsHide: true,
  });
  const input = child.stdin;
  if (!input || child.pid === undefined) return undefined;
  input.on("error", () => {});
  child.on("error", () => {});
  // Neither keeps the host alive: the watchdog exits at the host's end, whenever that comes.
  child.unref();
  (input as Writable & { unref?: () => void }).unref?.();
  const started = { child, input };
  child.once("exit", () => {
    if (watchdog === started) watchdog = undefined;
  });
  return started;
}

/**
 * Starts this host's shared watchdog unless it runs already; false when it cannot be started (no
 * `/bin/sh`), in which case nothing should be spawned that relies on it.
 */
export function ensureSandboxWatchdog(): boolean {
  watchdog ??= startWatchdog();
  return watchdog !== undefined;
}

/**
 * Puts the process group `leaderPid` under this host's shared watchdog (started on first use): if the
 * host dies before the returned release function is called, the watchdog kills the whole group. Call
 * it right after the group's leader is spawned, in the same synchronous step, and release once the
 * leader has exited. Without a watchdog (see {@link ensureSandboxWatchdog}) it watches nothing.
 */
export function watchSandboxGroup(leaderPid: number): () => void {
  watchdog ??= startWatchdog();
  const current = watchdog;
  if (!current) return () => {};
  current.input.write(`+ ${leaderPid}\n`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (watchdog === current) current.input.write(`- ${leaderPid}\n`);
  };
}
