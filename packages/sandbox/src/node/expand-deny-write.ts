import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import picomatch from "picomatch";
import { SandboxError } from "../sandbox-error.js";

/**
 * Most directory entries one denyWrite pattern with a `**` in the middle may look at. A workspace of a
 * few thousand files stays well under it; past it the command is refused rather than left unprotected.
 */
export const MAX_DENY_WRITE_WALK_ENTRIES = 20_000;

/** Where a denyWrite pattern lands in one writable root. */
export interface DenyWriteMatches {
  /** Existing paths to mount read-only (a `dir/**` pattern gives the directory itself). */
  existing: string[];
  /** Missing paths whose parent directory exists: a placeholder keeps a command from creating them. */
  missing: string[];
}

const GLOB_CHARS = /[*?[\]{}!()+@]/;

function isGlob(segment: string): boolean {
  return GLOB_CHARS.test(segment);
}

async function kindOf(path: string): Promise<"directory" | "other" | "missing"> {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats) return "missing";
  return stats.isDirectory() ? "directory" : "other";
}

/**
 * Expands one `sandbox.denyWrite` pattern (picomatch syntax, relative to `root`, dot files included) to
 * the paths it names now. A trailing `/**` protects the directory before it as a whole, so files created
 * in it later are covered too. A pattern made only of literal segments whose last segment is missing
 * (its parent exists) yields that path as `missing`; a missing parent yields nothing (e.g. `.git/config`
 * where there is no `.git`); a file where a folder of the pattern should be is yielded as existing (`.git`
 * as a file, in a git worktree, for `.git/config`), since only replacing it could make the pattern match. Throws `sandbox_prepare_failed` when a `**` walk passes
 * {@link MAX_DENY_WRITE_WALK_ENTRIES}.
 */
export async function expandDenyWrite(root: string, pattern: string): Promise<DenyWriteMatches> {
  const segments = pattern.split("/").filter((segment) => segment !== "" && segment !== ".");
  while (segments.at(-1) === "**" && segments.length > 1) segments.pop();
  const result: DenyWriteMatches = { existing: [], missing: [] };
  if (segments.length === 0 || segments.includes("..")) return result;
  let budget = MAX_DENY_WRITE_WALK_ENTRIES;
  const overBudget = () =>
    new SandboxError(
      "sandbox_prepare_failed",
      `sandbox.denyWrite pattern "${pattern}" has to look at more than ${MAX_DENY_WRITE_WALK_ENTRIES} entries under ${root}; use a pattern without "**" in the middle (such as "secrets/**") so it can be enforced`,
    );
  const children = async (directory: string) => {
    let names: string[];
    try {
      names = readdirSync(directory);
    } catch {
      names = [];
    }
    budget -= names.length;
    if (budget < 0) throw overBudget();
    return names;
  };
  const walk = async (directory: string, index: number): Promise<void> => {
    const segment = segments[index];
    if (segment === undefined) return;
    const last = index === segments.length - 1;
    if (segment === "**") {
      await walk(directory, index + 1);
      for (const name of await children(directory)) {
        const path = join(directory, name);
        if ((await kindOf(path)) === "directory") await walk(path, index);
      }
      return;
    }
    if (!isGlob(segment)) {
      const path = join(directory, segment);
      const kind = await kindOf(path);
      if (kind === "missing") {
        if (last && !segments.some(isGlob)) result.missing.push(path);
        return;
      }
      // A file where the pattern needs a folder (`.git` as a file in a git worktree): the pattern can only
      // come to match by replacing that file with a folder, so the file itself is kept as it is.
      if (last || kind === "other") result.existing.push(path);
      else await walk(path, index + 1);
      return;
    }
    const matches = picomatch(segment, { dot: true });
    for (const name of await children(directory)) {
      if (!matches(name)) continue;
      const path = join(directory, name);
      if (last) result.existing.push(path);
      else if ((await kindOf(path)) === "directory") await walk(path, index + 1);
    }
  };
  await walk(root, 0);
  return result;
}
