import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  unlinkSync,
} from "node:fs";
import { recordInActiveLedgers } from "./host-process-ledger.js";

/**
 * A placeholder: an empty file this process created where a protected path did not exist yet, so the
 * sandbox can mount it read-only and a command cannot create the real thing there. Shared by concurrent
 * sandboxes of this process (counted), recorded in the open ledgers, removed when the last one releases it.
 */
interface Placeholder {
  dev: bigint;
  ino: bigint;
  users: number;
}

const placeholders = new Map<string, Placeholder>();

/** True when `path` is a placeholder this process created and still holds. */
export function isHeldPlaceholder(path: string): boolean {
  return placeholders.has(path);
}

/**
 * Creates (exclusive, no-follow, empty, 0600) or joins the placeholder at `path`. Returns false when
 * something else appeared there first (the caller then treats the path as existing and checks it again).
 */
export async function acquirePlaceholder(path: string): Promise<boolean> {
  const held = placeholders.get(path);
  if (held) {
    held.users += 1;
    return true;
  }
  let fd: number;
  try {
    fd = openSync(
      path,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    const { dev, ino } = fstatSync(fd, { bigint: true });
    placeholders.set(path, { dev, ino, users: 1 });
    recordInActiveLedgers({ op: "placeholder", path, dev: String(dev), ino: String(ino) });
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * The mount points that sandboxes of other processes hold at `path`: read from /proc/<pid>/mountinfo once
 * per mount namespace other than this process's own. Deleting a mount point on the host detaches it in
 * every sandbox that uses it, so a placeholder still mounted elsewhere is left for its last user.
 */
export async function isMountedElsewhere(path: string): Promise<boolean> {
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch {
      return fallback;
    }
  };
  const own = attempt(() => readlinkSync("/proc/self/ns/mnt"), undefined as string | undefined);
  const seen = new Set<string>(own === undefined ? [] : [own]);
  for (const entry of attempt(() => readdirSync("/proc"), [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const namespace = attempt(() => readlinkSync(`/proc/${entry}/ns/mnt`), undefined as string | undefined);
    if (namespace === undefined || seen.has(namespace)) continue;
    seen.add(namespace);
    const mountinfo = attempt(() => readFileSync(`/proc/${entry}/mountinfo`, "utf8"), "");
    if (mountinfo.split("\n").some((line) => decodeMountPath(line.split(" ")[4] ?? "") === path)) return true;
  }
  return false;
}

/** Undoes the octal escapes (`\040` for a space ...) of a mountinfo path field. */
export function decodeMountPath(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/**
 * Gives up one use of the placeholder at `path`; the last use removes it, if it is still the empty file
 * created (same device and inode) and no other process's sandbox has it mounted.
 */
export async function releasePlaceholder(path: string): Promise<void> {
  const held = placeholders.get(path);
  if (!held) return;
  held.users -= 1;
  if (held.users > 0) return;
  placeholders.delete(path);
  const stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  const same = stats?.isFile() && stats.size === 0n && stats.dev === held.dev && stats.ino === held.ino;
  // Still mounted by another process's sandbox: left, and left recorded, for a later start to remove.
  if (same && (await isMountedElsewhere(path))) return;
  if (same)
    try {
      unlinkSync(path);
    } catch {
      // Gone already.
    }
  recordInActiveLedgers({ op: "release-placeholder", path });
}
