import { randomBytes } from "node:crypto";
import { lstat, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { LedgerEntry } from "./host-process-ledger.js";
import { isMountedElsewhere } from "./placeholders.js";
import { isSameProcessAlive, readProcessIdentity } from "./process-identity.js";

/** What {@link reapHostProcessLeftovers} did. */
export interface ReapReport {
  /** Ledgers of hosts that are gone, now processed and deleted. */
  deadHosts: number;
  /** Process groups killed (their leader, or members left in the group, were still running). */
  processGroupsKilled: number;
  /** Scratch directories and placeholder files removed (still the same object as recorded). */
  pathsRemoved: number;
  /** Recorded paths left alone because another object now stands there. */
  pathsReplaced: number;
}

const LEDGER_FILE = /^(\d+)-(\d+)\.jsonl$/;

function parseEntries(text: string): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      entries.push(JSON.parse(line) as LedgerEntry);
    } catch {
      // A line cut short by the kill: everything before it still counts.
    }
  }
  return entries;
}

/** Live pids whose process group and session are `groupId` and that started no earlier than the leader. */
async function groupMembers(groupId: number, leaderStartTicks: string): Promise<number[]> {
  const members: number[] = [];
  for (const entry of await readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const identity = readProcessIdentity(Number(entry));
    if (
      identity &&
      identity.processGroupId === groupId &&
      identity.sessionId === groupId &&
      BigInt(identity.startTicks) >= BigInt(leaderStartTicks)
    )
      members.push(identity.pid);
  }
  return members;
}

async function killRecordedGroup(pid: number, startTicks: string): Promise<boolean> {
  // The leader alive with its recorded start time: the group is ours. A live process with that pid and
  // another start time: the pid was reused, which the kernel only does once the old group is gone.
  // No process with that pid: members may be left in the group, and those started after the leader are
  // ours (the group id cannot have been reused while they live).
  const leader = readProcessIdentity(pid);
  if (leader && leader.startTicks !== startTicks) return false;
  if (!leader && (await groupMembers(pid, startTicks)).length === 0) return false;
  try {
    process.kill(-pid, "SIGKILL");
    return true;
  } catch {
    return false;
  }
}

async function removeOwnedPath(
  entry: { path: string; dev: string; ino: string },
  kind: "directory" | "placeholder",
) {
  const same = async (path: string) => {
    const stats = await lstat(path, { bigint: true }).catch(() => undefined);
    if (!stats) return "missing";
    const shape = kind === "directory" ? stats.isDirectory() : stats.isFile() && stats.size === 0n;
    return shape && String(stats.dev) === entry.dev && String(stats.ino) === entry.ino ? "same" : "other";
  };
  const before = await same(entry.path);
  if (before !== "same") return before === "missing" ? "missing" : "replaced";
  if (kind === "placeholder") {
    if (await isMountedElsewhere(entry.path)) return "replaced";
    await unlink(entry.path).catch(() => {});
    return "removed";
  }
  // Park it under a private name first, so the check and the deletion concern the same object.
  const parked = join(
    dirname(entry.path),
    `.${basename(entry.path)}.reaping-${randomBytes(6).toString("hex")}`,
  );
  await rename(entry.path, parked);
  if ((await same(parked)) !== "same") {
    await rename(parked, entry.path).catch(() => {});
    return "replaced";
  }
  await rm(parked, { recursive: true, force: true });
  return "removed";
}

/**
 * On start: for every ledger in `directory` whose host process is gone (its pid dead, or reused by a
 * process with another start time), kills the process groups it recorded and did not release, removes
 * the scratch directories and placeholder files it recorded if they are still the same objects (device
 * and inode; a placeholder only while still empty), then deletes the ledger. Ledgers of live hosts are
 * left alone. Never throws for what it finds; a missing directory reports nothing.
 */
export async function reapHostProcessLeftovers(options: { directory: string }): Promise<ReapReport> {
  const report: ReapReport = { deadHosts: 0, processGroupsKilled: 0, pathsRemoved: 0, pathsReplaced: 0 };
  const names = await readdir(options.directory).catch(() => [] as string[]);
  for (const name of names) {
    const match = LEDGER_FILE.exec(name);
    if (!match) continue;
    const [, hostPid, hostStart] = match as unknown as [string, string, string];
    if (isSameProcessAlive(Number(hostPid), hostStart)) continue;
    const file = join(options.directory, name);
    const entries = parseEntries(await readFile(file, "utf8").catch(() => ""));
    report.deadHosts += 1;
    const groups = new Map<number, string>();
    const paths = new Map<
      string,
      { path: string; dev: string; ino: string; kind: "directory" | "placeholder" }
    >();
    for (const entry of entries) {
      if (entry.op === "group") groups.set(entry.pid, entry.startTicks);
      else if (entry.op === "release-group") groups.delete(entry.pid);
      else if (entry.op === "directory" || entry.op === "placeholder")
        paths.set(entry.path, { ...entry, kind: entry.op });
      else paths.delete(entry.path);
    }
    for (const [pid, startTicks] of groups) {
      if (await killRecordedGroup(pid, startTicks)) report.processGroupsKilled += 1;
    }
    for (const entry of paths.values()) {
      const outcome = await removeOwnedPath(entry, entry.kind).catch(() => "replaced" as const);
      if (outcome === "removed") report.pathsRemoved += 1;
      if (outcome === "replaced") report.pathsReplaced += 1;
    }
    await rm(file, { force: true });
  }
  return report;
}
