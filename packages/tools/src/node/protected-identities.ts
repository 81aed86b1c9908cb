import type { Dirent, Stats } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ProtectedNames } from "../protected-paths.js";
import { currentProtectedPaths } from "./protected-names.js";
import type { ResolvedPath } from "./resolved-path.js";
import { WALK_MAX_ENTRIES } from "./workspace-walk.js";

/** Answers whether a file is, under another name, one of the protected files. */
export interface ProtectedIdentities {
  /** `true`, `false`, or `"unknown"` when the protected folders hold more than the scan bound. */
  includes(stats: Stats): Promise<boolean | "unknown">;
}

/**
 * The identities (device and inode) of the multiply-linked files of the protected entries, collected
 * on first use (only a file with more than one link can be a hard link to one of them) and kept for
 * the life of this object (one run). The scan stops after {@link WALK_MAX_ENTRIES} entries. Entries
 * protected by name are listed again on every question (one `readdir` per folder), so a file that
 * appeared after the scan is known too.
 */
export function createProtectedIdentities(
  entries: readonly ResolvedPath[],
  names: readonly ProtectedNames[] = [],
): ProtectedIdentities {
  let scan: Promise<{ identities: Set<string>; complete: boolean }> | undefined;
  const collect = async () => {
    const identities = new Set<string>();
    const pending = entries.map((entry) => entry.real);
    let visited = 0;
    while (pending.length > 0) {
      const path = pending.pop()!;
      visited += 1;
      if (visited > WALK_MAX_ENTRIES) return { identities, complete: false };
      const stats = await lstat(path).catch(() => undefined);
      if (stats === undefined) continue;
      if (stats.isFile() && stats.nlink > 1) identities.add(identityOf(stats));
      if (!stats.isDirectory()) continue;
      const children: Dirent[] = await readdir(path, { withFileTypes: true }).catch(() => []);
      for (const child of children)
        if (child.isFile() || child.isDirectory()) pending.push(join(path, child.name));
    }
    return { identities, complete: true };
  };
  return {
    async includes(stats) {
      scan ??= collect();
      const { identities, complete } = await scan;
      if (identities.has(identityOf(stats))) return true;
      const { noAccess } = await currentProtectedPaths({ noAccess: [], readOnly: [], noAccessNames: names });
      for (const path of noAccess) {
        const named = await lstat(path).catch(() => undefined);
        if (named?.isFile() && identityOf(named) === identityOf(stats)) return true;
      }
      return complete ? false : "unknown";
    },
  };
}

function identityOf(stats: Stats): string {
  return `${stats.dev}:${stats.ino}`;
}
