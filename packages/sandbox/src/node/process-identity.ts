import { readFileSync } from "node:fs";

/** What /proc says about one process: enough to tell it from a later process that reuses its pid. */
export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot (field 22 of /proc/<pid>/stat): unique per pid over a boot. */
  startTicks: string;
  processGroupId: number;
  sessionId: number;
}

/**
 * Reads /proc/<pid>/stat, or undefined when the process is gone (or /proc is not there: not Linux).
 * The command name (field 2) may hold spaces and parentheses, so fields are counted after its last `)`.
 */
export function readProcessIdentity(pid: number): ProcessIdentity | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // After the name: state(3) ppid(4) pgrp(5) session(6) ... starttime(22).
  const startTicks = fields[19];
  if (fields[0] === "Z" || startTicks === undefined) return undefined;
  return { pid, startTicks, processGroupId: Number(fields[2]), sessionId: Number(fields[3]) };
}

/** True while the process `pid` that started at `startTicks` is alive (not a zombie, not a reused pid). */
export function isSameProcessAlive(pid: number, startTicks: string): boolean {
  return readProcessIdentity(pid)?.startTicks === startTicks;
}
