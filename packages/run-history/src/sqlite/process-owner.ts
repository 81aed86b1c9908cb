import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { processAlive } from "@mono-agent/storage/node";
import type { RunOwner } from "../run-store.js";

let current: RunOwner | undefined;

/** Boot id of a Linux host (changes at every boot), or undefined elsewhere. */
function bootId(): string | undefined {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return undefined;
  }
}

/** Fields 3.. of `/proc/<pid>/stat` (state first, start ticks at index 19), or undefined. */
function procStatFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Start time of a process in clock ticks since boot (field 22 of `/proc/<pid>/stat`), or undefined. */
function processStartTicks(pid: number): string | undefined {
  return procStatFields(pid)?.[19];
}

function linuxStartToken(pid: number): string | undefined {
  const boot = bootId();
  const ticks = processStartTicks(pid);
  return boot !== undefined && ticks !== undefined ? `linux:${boot}:${ticks}` : undefined;
}

/**
 * The owner written on every run this process records: pid, host and a start token. On Linux the
 * token is `linux:<boot id>:<start ticks>`, which another process can recompute to tell this process
 * from a later one with the same pid; elsewhere it is random (`instance:<uuid>`) and only the pid is checked.
 */
export function currentRunOwner(): RunOwner {
  current ??= {
    pid: process.pid,
    host: hostname(),
    startToken: linuxStartToken(process.pid) ?? `instance:${randomUUID()}`,
  };
  return current;
}

/**
 * Whether the process that owns a run may still be running. `true` unless it is certainly gone: the
 * same host, and no process with its pid, or (on Linux) a process with its pid but another start token
 * or boot. A run of another host is always treated as live: nothing here can tell.
 */
export function isRunOwnerAlive(owner: RunOwner, self: RunOwner = currentRunOwner()): boolean {
  if (owner.host !== self.host) return true;
  if (owner.pid === self.pid && owner.startToken === self.startToken) return true;
  if (owner.startToken.startsWith("linux:")) {
    const [, ownerBoot] = owner.startToken.split(":");
    const boot = bootId();
    if (boot !== undefined && ownerBoot !== boot) return false;
  }
  if (!processAlive(owner.pid)) return false;
  if (procStatFields(owner.pid)?.[0] === "Z") return false;
  if (owner.startToken.startsWith("linux:")) {
    const token = linuxStartToken(owner.pid);
    if (token !== undefined && token !== owner.startToken) return false;
  }
  return true;
}
