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
 * Which of `paths` sandboxes of other processes hold as mount points: read from /proc/<pid>/mountinfo
 * once per mount namespace other than this process's own, in one pass over /proc whatever the number of
 * paths. Deleting a mount point on the host detaches it in every sandbox that uses it, so a placeholder
 * still mounted elsewhere is left for its last user.
 */
export function mountedElsewhere(paths: readonly string[]): Set<string> {
  const found = new Set<string>();
  if (paths.length === 0) return found;
  const wanted = new Set(paths);
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
    for (const line of mountinfo.split("\n")) {
      const path = decodeMountPath(line.split(" ")[4] ?? "");
      if (wanted.has(path)) found.add(path);
    }
    if (found.size === wanted.size) break;
  }
  return found;
}

/** True when a sandbox of another process holds `path` as a mount point (see {@link mountedElsewhere}). */
export async function isMountedElsewhere(path: string): Promise<boolean> {
  return mountedElsewhere([path]).has(path);
}

/** Undoes the octal escapes (`\040` for a space ...) of a mountinfo path field. */
export function decodeMountPath(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/**
 * Gives up one use of each placeholder in `paths`; the last use removes one, if it is still the empty
 * file created (same device and inode) and no other process's sandbox has it mounted (one look at the
 * other sandboxes for all of them).
 */
export async function releasePlaceholders(paths: readonly string[]): Promise<void> {
  const last: string[] = [];
  for (const path of paths) {
    const held = placeholders.get(path);
    if (!held) continue;
    held.users -= 1;
    if (held.users > 0) continue;
    placeholders.delete(path);
    const stats = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    if (stats?.isFile() && stats.size === 0n && stats.dev === held.dev && stats.ino === held.ino)
      last.push(path);
    else recordInActiveLedgers({ op: "release-placeholder", path });
  }
  const elsewhere = mountedElsewhere(last);
  for (const path of last) {
    // Still mounted by another process's sandbox: left, and left recorded, for a later start to remove.
    if (elsewhere.has(path)) continue;
    try {
      unlinkSync(path);
    } catch {
      // Gone already.
    }
    recordInActiveLedgers({ op: "release-placeholder", path });
  }
}
