import { type ChildProcess, type IOType, spawn } from "node:child_process";
import { recordInActiveLedgers } from "./host-process-ledger.js";
import { readProcessIdentity } from "./process-identity.js";
import { resolveExecutable, spawnNotFoundError } from "./resolve-executable.js";

/** The shell that runs the watchdog: POSIX sh is on every Linux and macOS. */
export const WATCHDOG_SHELL = "/bin/sh";

/**
 * The watchdog, in POSIX sh. It forks a reader that waits for end-of-file on the watchdog pipe (fd N),
 * ignoring TERM, INT and HUP, then kills its whole process group; then it closes the pipe and execs the
 * command, which therefore keeps the pid, leads the group and sees its stdio and signals unchanged.
 * The host holds the pipe's other end: when the host dies, even by SIGKILL, the kernel closes it.
 */
function watchdogScript(pipeFd: number, env: Readonly<Record<string, string>>): string {
  const added = SHELL_ADDED_VARIABLES.filter((name) => env[name] === undefined);
  // The reader keeps only the watchdog pipe: the command's other pipes close when the command is done.
  const otherPipes = Array.from({ length: Math.max(0, pipeFd - 3) }, (_, index) => ` ${index + 3}<&-`).join(
    "",
  );
  return [
    `(trap '' TERM INT HUP; read -r _ <&${pipeFd}; kill -KILL 0) </dev/null >/dev/null 2>&1${otherPipes} &`,
    `exec ${pipeFd}<&-`,
    ...(added.length > 0 ? [`unset ${added.join(" ")}`] : []),
    'exec "$@"',
  ].join("\n");
}

/** Variables a POSIX shell exports on its own; removed again so the command's env is exactly the one given. */
const SHELL_ADDED_VARIABLES = ["PWD", "OLDPWD", "SHLVL"];

/** Options of {@link spawnProcessGroup}. */
export interface SpawnProcessGroupOptions {
  /** The complete env of the command; its `PATH` finds a command without a slash. */
  env: Record<string, string>;
  cwd?: string;
  /** stdio of the command, as for `child_process.spawn` (index 0..n-1); the watchdog pipe comes after. */
  stdio: IOType[];
}

/**
 * Spawns `command` as the leader of a new process group and session, under a watchdog that kills the
 * whole group (SIGKILL) as soon as this host process is gone or the command has exited, so no member of
 * the group (a wrapper's children included) outlives the host, even when the host is killed with
 * SIGKILL. The group is recorded in every open ledger (see `openHostProcessLedger`) and released when it
 * is closed. A command that cannot be found throws `spawn <command> ENOENT` before anything starts, as
 * `child_process.spawn` reports it. POSIX only.
 */
export function spawnProcessGroup(
  command: string,
  args: readonly string[],
  options: SpawnProcessGroupOptions,
): ChildProcess {
  const executable = resolveExecutable(command, {
    ...(options.env["PATH"] !== undefined ? { path: options.env["PATH"] } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
  });
  if (executable === undefined) throw spawnNotFoundError(command);
  const pipeFd = options.stdio.length;
  const child = spawn(
    WATCHDOG_SHELL,
    ["-c", watchdogScript(pipeFd, options.env), "mono-agent-watchdog", executable, ...args],
    {
      env: options.env,
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      stdio: [...options.stdio, "pipe"],
      detached: true,
      shell: false,
      windowsHide: true,
    },
  );
  const watchdogPipe = child.stdio[pipeFd];
  watchdogPipe?.on("error", () => {});
  const leaderPid = child.pid;
  if (leaderPid !== undefined) {
    const identity = readProcessIdentity(leaderPid);
    if (identity) recordInActiveLedgers({ op: "group", pid: leaderPid, startTicks: identity.startTicks });
  }
  // When the command exits, closing the host's end makes the watchdog end whatever the command left in
  // its group; the child's "close" then follows as soon as the group's stdio is closed.
  child.once("exit", () => {
    watchdogPipe?.destroy();
    if (leaderPid !== undefined) recordInActiveLedgers({ op: "release-group", pid: leaderPid });
  });
  return child;
}
