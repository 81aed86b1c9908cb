import { existsSync } from "node:fs";
import { type FileHandle, readlink, realpath, stat } from "node:fs/promises";
import { join } from "node:path";

/** Linux's per-process view of open descriptors; each entry is a link to the object the descriptor holds. */
const PROC_FD_DIR = "/proc/self/fd";

let procFdAvailable: boolean | undefined;

/** True where `/proc/self/fd` names the objects of open descriptors (Linux). */
export function hasProcFd(): boolean {
  procFdAvailable ??= process.platform === "linux" && existsSync(PROC_FD_DIR);
  return procFdAvailable;
}

/**
 * Where the object behind `handle` really is. On Linux the kernel says so through `/proc/self/fd/<n>`,
 * whatever happened to the path since the open. Elsewhere the real path of `openedPath` is taken and
 * accepted only when it names the same object (device and inode) as the descriptor. Undefined when the
 * object has no path any more (removed) or the path now names something else.
 */
export async function descriptorRealPath(
  handle: FileHandle,
  openedPath: string,
): Promise<string | undefined> {
  if (hasProcFd()) {
    const target = await readlink(`${PROC_FD_DIR}/${handle.fd}`).catch(() => undefined);
    return target === undefined || target.endsWith(" (deleted)") || !target.startsWith("/")
      ? undefined
      : target;
  }
  try {
    const real = await realpath(openedPath);
    const [byPath, byDescriptor] = await Promise.all([stat(real), handle.stat()]);
    return byPath.dev === byDescriptor.dev && byPath.ino === byDescriptor.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A path that names the entry `name` of the directory open as `directory`, resolved relative to that
 * very directory object (an `openat` through `/proc/self/fd/<n>/<name>` on Linux), so a directory
 * swapped since it was verified is never used. Elsewhere: `name` below the directory's verified real path.
 */
export function entryOfOpenDirectory(directory: FileHandle, realPath: string, name: string): string {
  return hasProcFd() ? `${PROC_FD_DIR}/${directory.fd}/${name}` : join(realPath, name);
}

/** A path to list the directory open as `directory` by (the descriptor itself on Linux). */
export function listingPathOfOpenDirectory(directory: FileHandle, realPath: string): string {
  return hasProcFd() ? `${PROC_FD_DIR}/${directory.fd}` : realPath;
}
