import { closeSync, constants, lstatSync, openSync, readdirSync, readSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";

/**
 * Most bytes read from a `.git` file or a `commondir` file: both hold one path (git writes
 * `gitdir: <path>\n` and `<path>\n`); 4 KiB is PATH_MAX plus room, and nothing longer is a path.
 */
export const GIT_POINTER_MAX_BYTES = 4096;

/**
 * Most bytes read from a submodule's `config` or a root's `.gitmodules` to find submodule folders: 64 KiB,
 * far above what `git submodule` writes (a few hundred bytes per submodule).
 */
export const GIT_CONFIG_MAX_BYTES = 65_536;

/** Most submodule git dirs looked at under `modules/` (nested ones included). */
export const GIT_MAX_SUBMODULES = 256;

/** One path git reads configuration or hooks from, and why. */
export interface GitHostConfigurationPath {
  /** Absolute path (as found: a `.git` file's target resolved against its folder). */
  path: string;
  /** Why it is protected, as a phrase for refusals and `validate`. */
  reason: string;
}

/** The text of a small regular file (not followed through a link), or undefined when missing or too large. */
function readSmallFile(path: string, maxBytes: number): string | undefined {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats?.isFile() || stats.size > maxBytes) return undefined;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(maxBytes);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString("utf8");
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The first line of a pointer file (`.git` or `commondir`). */
function readPointer(path: string): string | undefined {
  return readSmallFile(path, GIT_POINTER_MAX_BYTES)?.split("\n")[0]?.trim();
}

/** The values of `key = value` lines of a git config text (quotes removed). */
function configValues(text: string | undefined, key: string): string[] {
  const pattern = new RegExp(`^\\s*${key}\\s*=\\s*(.*?)\\s*$`, "i");
  return (text ?? "").split("\n").flatMap((line) => {
    const value = pattern.exec(line)?.[1]?.replace(/^"(.*)"$/, "$1");
    return value ? [value] : [];
  });
}

/** The git dirs under `modulesDir` (folders holding a `HEAD`; nested `modules/` included), bounded. */
function submoduleGitDirs(modulesDir: string): string[] {
  const found: string[] = [];
  const pending = [modulesDir];
  let visited = 0;
  while (pending.length > 0 && visited < GIT_MAX_SUBMODULES) {
    const directory = pending.pop()!;
    visited += 1;
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      continue;
    }
    if (directory !== modulesDir && names.includes("HEAD")) {
      found.push(directory);
      if (names.includes("modules")) pending.push(join(directory, "modules"));
      continue;
    }
    for (const name of names)
      if (lstatSync(join(directory, name), { throwIfNoEntry: false })?.isDirectory())
        pending.push(join(directory, name));
  }
  return found;
}

/**
 * The `.git` of each submodule of `root` (a file pointing into `modules/`, or an old-style folder): found
 * through each submodule git dir's `core.worktree` and through the `path` lines of `root/.gitmodules`.
 * `git status` in `root` runs git in each of them, reading the configuration their `.git` leads to.
 */
function submoduleDotGits(root: string, gitDir: string): string[] {
  const worktrees = submoduleGitDirs(join(gitDir, "modules")).flatMap((moduleDir) =>
    configValues(readSmallFile(join(moduleDir, "config"), GIT_CONFIG_MAX_BYTES), "worktree").map((worktree) =>
      resolve(moduleDir, worktree),
    ),
  );
  const listed = configValues(readSmallFile(join(root, ".gitmodules"), GIT_CONFIG_MAX_BYTES), "path").map(
    (path) => resolve(root, path),
  );
  return [...new Set([...worktrees, ...listed])]
    .filter((worktree) => {
      const inside = relative(root, worktree);
      return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside);
    })
    .slice(0, GIT_MAX_SUBMODULES)
    .map((worktree) => join(worktree, ".git"));
}

/** The folder `pointer` names, resolved as git does: relative to the folder holding the pointer file. */
function pointed(base: string, pointer: string | undefined): string | undefined {
  if (pointer === undefined || pointer === "") return undefined;
  return isAbsolute(pointer) ? resolve(pointer) : resolve(base, pointer);
}

/**
 * What git reads as configuration (and runs, through hooks, `core.fsmonitor`, `core.pager` ...) for a
 * command started in `root`: `root/.git` as a whole (folder, file or missing: a missing one must not be
 * created); when `.git` is a file (a worktree or a submodule) the git dir its `gitdir:` line names; the
 * common dir the git dir's `commondir` names (a linked worktree's main `.git`); and, where there is no
 * `.git`, `root/HEAD`, without which git cannot take `root` itself for a bare repository; and the `.git`
 * of each submodule inside `root` (see `submoduleDotGits`). Everything in these folders counts (`config`,
 * `config.worktree`, `commondir`, `hooks/`, `info/`, `worktrees/*`, `modules/*`), since git follows each
 * of them. Reads a few small bounded files; never runs git.
 */
export function gitHostConfigurationPaths(root: string): GitHostConfigurationPath[] {
  const dotGit = join(root, ".git");
  const found: GitHostConfigurationPath[] = [{ path: dotGit, reason: "git's configuration folder (.git)" }];
  const stats = lstatSync(dotGit, { throwIfNoEntry: false });
  if (stats === undefined) {
    found.push({
      path: join(root, "HEAD"),
      reason: "the HEAD that would make this folder a bare git repository",
    });
    return found;
  }
  let gitDir = dotGit;
  if (stats.isFile()) {
    const pointer = readPointer(dotGit);
    const target = pointer?.startsWith("gitdir:")
      ? pointed(root, pointer.slice("gitdir:".length).trim())
      : undefined;
    if (target === undefined) return found;
    gitDir = target;
    found.push({ path: gitDir, reason: "the git dir the .git file points to" });
  } else if (!stats.isDirectory()) return found;
  const commonDir = pointed(gitDir, readPointer(join(gitDir, "commondir")));
  if (commonDir !== undefined && !found.some((entry) => entry.path === commonDir))
    found.push({ path: commonDir, reason: "the common git dir of this worktree (commondir)" });
  for (const path of submoduleDotGits(root, commonDir ?? gitDir))
    found.push({ path, reason: "the .git of a submodule, which git status in the workspace reads" });
  return found;
}
