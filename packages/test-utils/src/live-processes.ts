import { readdirSync, readFileSync } from "node:fs";

/**
 * Pids of the live processes on this host whose argv (from /proc/<pid>/cmdline) `matches`: what a test of
 * "nothing outlives its host" counts. Zombies have an empty cmdline and never match; a process that ends
 * while it is read is left out.
 */
export function liveProcesses(matches: (argv: readonly string[], cmdline: string) => boolean): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (cmdline === "") continue;
    if (matches(cmdline.split("\0").slice(0, -1), cmdline)) pids.push(Number(entry));
  }
  return pids;
}

/** Live processes whose command line holds `marker`; with `onlySleep`, only the `sleep`s among them. */
export function processesWith(marker: string, options: { onlySleep?: boolean } = {}): number[] {
  return liveProcesses(
    (argv, cmdline) => cmdline.includes(marker) && (!options.onlySleep || argv[0] === "sleep"),
  );
}
