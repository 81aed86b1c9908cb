import { realpathSync, statSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { MonoAgentRuntimeError } from "./runtime-error.js";

/** A workspace directory known by its lexical path and its real (symlink-free) path. */
export interface Workspace {
  /** Absolute lexical path, as configured. */
  directory: string;
  /** The same directory with every symlink resolved. */
  realDirectory: string;
}

/** Resolve the workspace once (`workspace_unavailable` when it is missing or not a directory); tools check paths against both forms. */
export function openWorkspace(workspaceDir: string): Workspace {
  const directory = resolve(workspaceDir);
  try {
    const realDirectory = realpathSync(directory);
    if (!statSync(realDirectory).isDirectory()) throw new Error("it is a file, not a directory");
    return { directory, realDirectory };
  } catch (error) {
    throw new MonoAgentRuntimeError(
      "workspace_unavailable",
      `The workspace ${directory} cannot be used (${(error as Error).message}). Create it, or set runtime.workspace to an existing directory.`,
      { cause: error },
    );
  }
}

/** True when `candidate` is `root` itself or lies below it (both absolute, normalised). */
export function isInsideDirectory(root: string, candidate: string): boolean {
  const fromRoot = relative(root, candidate);
  return fromRoot === "" || (!isAbsolute(fromRoot) && fromRoot !== ".." && !fromRoot.startsWith(`..${sep}`));
}

/**
 * Resolve a path given to a built-in tool the way pi's tools do (relative to the workspace, `~` and a
 * leading `@` expanded) and refuse it with `path_outside_workspace` unless it stays inside the
 * workspace both lexically and after resolving symlinks (for a path that does not exist yet, its
 * nearest existing ancestor is resolved). Returns the absolute lexical path.
 */
export async function resolveWorkspacePath(workspace: Workspace, requestedPath: string): Promise<string> {
  const expanded = expandLikePi(requestedPath);
  const absolute = isAbsolute(expanded) ? resolve(expanded) : resolve(workspace.directory, expanded);
  if (
    !isInsideDirectory(workspace.directory, absolute) &&
    !isInsideDirectory(workspace.realDirectory, absolute)
  ) {
    throw outside(requestedPath, workspace);
  }
  const real = await realpathOfNearestExisting(absolute);
  if (!isInsideDirectory(workspace.realDirectory, real)) {
    throw outside(requestedPath, workspace, "it resolves through a symlink to");
  }
  return absolute;
}

async function realpathOfNearestExisting(absolute: string): Promise<string> {
  const missingParts: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      return join(await realpath(current), ...missingParts.reverse());
    } catch (error) {
      const parent = dirname(current);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === current) throw error;
      missingParts.push(basename(current));
      current = parent;
    }
  }
}

function expandLikePi(requestedPath: string): string {
  const withoutAt = requestedPath.startsWith("@") ? requestedPath.slice(1) : requestedPath;
  if (withoutAt === "~") return homedir();
  if (withoutAt.startsWith("~/")) return homedir() + withoutAt.slice(1);
  return withoutAt;
}

function outside(requestedPath: string, workspace: Workspace, how = "it is"): MonoAgentRuntimeError {
  return new MonoAgentRuntimeError(
    "path_outside_workspace",
    `Refused "${requestedPath}": ${how} outside the workspace ${workspace.directory}. ` +
      "Built-in tools only reach files inside the workspace; use a path relative to it.",
  );
}
