import { type ChildProcess, spawn } from "node:child_process";

/** What to start: the command, its arguments, its complete env and its working directory. */
export interface ProcessGroupCommand {
  command: string;
  args: readonly string[];
  /** The complete child env; nothing is added to it. */
  env: Record<string, string>;
  cwd?: string;
}

/**
 * Spawns `command` as the leader of a new process group (`detached: true`, so its pid is the group id),
 * with stdin, stdout and stderr piped and no shell. The one place the bridge starts a process, so a host
 * hook (confinement, a watchdog) has one call to wrap. POSIX only (process groups).
 */
export function spawnProcessGroup({ command, args, env, cwd }: ProcessGroupCommand): ChildProcess {
  return spawn(command, [...args], {
    env,
    cwd,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
    shell: false,
    windowsHide: true,
  });
}
