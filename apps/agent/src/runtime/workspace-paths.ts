import { realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, relative, resolve, sep } from "node:path";
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

/** The Unicode spaces pi's tools turn into a plain space before resolving a path. */
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * A path given to a built-in tool as pi's tools expand it: Unicode spaces made plain, a leading `@`
 * dropped, `~` and `~/` made the home directory.
 */
export function expandLikePi(requestedPath: string): string {
  const normalized = requestedPath.replace(UNICODE_SPACES, " ");
  const withoutAt = normalized.startsWith("@") ? normalized.slice(1) : normalized;
  if (withoutAt === "~") return homedir();
  if (withoutAt.startsWith("~/")) return homedir() + withoutAt.slice(1);
  return withoutAt;
}
