import { realpathSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { ToolError } from "../tool-error.js";

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
    throw new ToolError(
      "workspace_unavailable",
      `The workspace ${directory} cannot be used (${(error as Error).message}). Create it, or set runtime.workspace to an existing directory.`,
      { cause: error },
    );
  }
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
