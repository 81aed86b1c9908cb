import { realpathSync } from "node:fs";
import { readlink, realpath } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { isInsideDirectory } from "../is-inside-directory.js";

/** An absolute path in two forms: as configured, and with every symlink of its existing part resolved. */
export interface ResolvedPath {
  readonly lexical: string;
  readonly real: string;
}

/** Both forms of `path` (a missing tail is kept as is below the real form of its nearest existing ancestor). */
export function resolvePathForms(path: string): ResolvedPath {
  const lexical = resolve(path);
  const missing: string[] = [];
  let current = lexical;
  for (;;) {
    try {
      return { lexical, real: join(realpathSync(current), ...missing.reverse()) };
    } catch {
      const parent = dirname(current);
      if (parent === current) return { lexical, real: lexical };
      missing.push(basename(current));
      current = parent;
    }
  }
}

/** True when `candidate` is `entry` or lies below it, in either of its forms. */
export function isWithin(entry: ResolvedPath, candidate: string): boolean {
  return isInsideDirectory(entry.lexical, candidate) || isInsideDirectory(entry.real, candidate);
}

/** Symlinks followed while resolving one path before giving up (Linux's own limit, MAXSYMLINKS). */
export const SYMLINK_MAX_HOPS = 40;

/**
 * The real path of `absolute`; for a path that does not exist yet, the real path of its nearest
 * existing ancestor with the missing part appended. A dangling symlink on the way is followed to where
 * it points (that is where a write through it would land). Errors other than ENOENT are thrown.
 */
export async function realpathOfNearestExisting(absolute: string): Promise<string> {
  const missingParts: string[] = [];
  let current = absolute;
  let hops = 0;
  for (;;) {
    try {
      return join(await realpath(current), ...missingParts.reverse());
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      const target = await readlink(current).catch(() => undefined);
      if (target !== undefined) {
        hops += 1;
        if (hops > SYMLINK_MAX_HOPS)
          throw Object.assign(new Error(`too many symbolic links at ${current}`), { code: "ELOOP" });
        current = resolve(dirname(current), target);
        continue;
      }
      const parent = dirname(current);
      if (parent === current) throw error;
      missingParts.push(basename(current));
      current = parent;
    }
  }
}
