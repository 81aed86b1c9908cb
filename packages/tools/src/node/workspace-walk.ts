import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { FileAccess } from "./file-access.js";

/** Directory names never descended into by Grep and Glob (dependencies and VCS internals). */
export const WALK_SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(["node_modules", ".git"]);

/**
 * Most directory entries one Grep or Glob call visits. Bounds the work on a huge tree; 50,000
 * entries is a large monorepo without node_modules, and takes well under a second to list.
 */
export const WALK_MAX_ENTRIES = 50_000;

/** A file (or symlink) found by {@link walkWorkspace}. */
export interface WalkedFile {
  absolutePath: string;
  /** Path relative to the walk root, with `/` separators. */
  relativePath: string;
  /** A symlink is listed but never followed; readers must check where it points. */
  isSymlink: boolean;
}

/** Result of a walk: the files in a stable (sorted) order, and whether the entry bound cut it short. */
export interface WalkResult {
  files: WalkedFile[];
  truncated: boolean;
}

/**
 * List files below `root` depth-first in sorted order, skipping {@link WALK_SKIPPED_DIRECTORIES} and the
 * host's protected paths, never following symlinked directories, stopping after {@link WALK_MAX_ENTRIES}
 * entries or when `signal` aborts. Each directory is opened no-follow and checked on its descriptor
 * before it is listed, so a directory swapped for a symlink mid-walk is skipped, never listed; directories
 * that cannot be opened or are refused are skipped.
 */
export async function walkWorkspace(
  fileAccess: FileAccess,
  root: string,
  signal?: AbortSignal,
): Promise<WalkResult> {
  const files: WalkedFile[] = [];
  const pending: string[] = [root];
  let visited = 0;
  while (pending.length > 0) {
    signal?.throwIfAborted();
    const directory = pending.pop()!;
    const entries = await listVerifiedDirectory(fileAccess, directory);
    if (entries === undefined) continue;
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirectories: string[] = [];
    for (const entry of entries) {
      visited++;
      if (visited > WALK_MAX_ENTRIES) return { files, truncated: true };
      const absolutePath = join(directory, entry.name);
      if (fileAccess.isHidden(absolutePath)) continue;
      if (entry.isDirectory()) {
        if (!WALK_SKIPPED_DIRECTORIES.has(entry.name)) subdirectories.push(absolutePath);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        files.push({
          absolutePath,
          relativePath: relative(root, absolutePath).split(sep).join("/"),
          isSymlink: entry.isSymbolicLink(),
        });
      }
    }
    pending.push(...subdirectories.reverse());
  }
  return { files, truncated: false };
}

/** The entries of `directory`, listed through its verified descriptor; undefined when it is refused or unreadable. */
async function listVerifiedDirectory(
  fileAccess: FileAccess,
  directory: string,
): Promise<Dirent[] | undefined> {
  let opened: Awaited<ReturnType<FileAccess["openDirectory"]>>;
  try {
    opened = await fileAccess.openDirectory(directory, "read");
  } catch {
    return undefined;
  }
  try {
    return await readdir(opened.listing, { withFileTypes: true });
  } catch {
    return undefined;
  } finally {
    await opened.handle.close();
  }
}
