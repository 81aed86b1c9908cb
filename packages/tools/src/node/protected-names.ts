import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import { createDenyWriteMatcher } from "@mono-agent/sandbox/node";
import { isInsideDirectory } from "../is-inside-directory.js";
import type { ProtectedNames, ProtectedPaths } from "../protected-paths.js";
import { resolvePathForms } from "./resolved-path.js";

/** Answers, for an absolute path, why it is protected by name (`undefined` when it is not). */
export type ProtectedNamesMatcher = (absolutePath: string) => string | undefined;

/**
 * Matches a path against {@link ProtectedNames} at call time: a path below a listed folder (in its
 * configured or real form) whose first component matches one of the names.
 */
export function createProtectedNamesMatcher(list: readonly ProtectedNames[]): ProtectedNamesMatcher {
  const compiled = list.map((entry) => ({
    forms: resolvePathForms(entry.directory),
    matches: createDenyWriteMatcher(entry.names),
    reason: entry.reason,
  }));
  return (absolutePath) => {
    for (const { forms, matches, reason } of compiled)
      for (const directory of [forms.lexical, forms.real]) {
        if (directory === absolutePath || !isInsideDirectory(directory, absolutePath)) continue;
        const first = relative(directory, absolutePath).split("/")[0] ?? "";
        if (matches(first) !== undefined) return reason;
      }
    return undefined;
  };
}

/**
 * The no-access paths of `protectedPaths` as they are now: its `noAccess` list plus every entry of each
 * `noAccessNames` folder whose name matches (one `readdir` per folder; a folder that cannot be listed
 * adds nothing). The sandbox takes this fresh for every command.
 */
export async function currentProtectedPaths(
  protectedPaths: Pick<ProtectedPaths, "noAccess" | "readOnly" | "noAccessNames">,
): Promise<{ noAccess: readonly string[]; readOnly: readonly string[] }> {
  const named = protectedPaths.noAccessNames ?? [];
  if (named.length === 0) return { noAccess: protectedPaths.noAccess, readOnly: protectedPaths.readOnly };
  const found = await Promise.all(
    named.map(async (entry) => {
      const matches = createDenyWriteMatcher(entry.names);
      const names = await readdir(entry.directory).catch(() => [] as string[]);
      return names.filter((name) => matches(name) !== undefined).map((name) => join(entry.directory, name));
    }),
  );
  const noAccess = [...protectedPaths.noAccess];
  for (const path of found.flat()) if (!noAccess.includes(path)) noAccess.push(path);
  return { noAccess, readOnly: protectedPaths.readOnly };
}
