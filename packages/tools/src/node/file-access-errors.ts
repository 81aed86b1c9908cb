import { FILE_TOOL_MAX_READ_BYTES } from "./file-tool-limits.js";
import { ToolError } from "../tool-error.js";

/** How a refusal names a path: as the model gave it, and why a protected path is protected. */
export interface ShownPath {
  readonly given: string;
  reasonOf(path: string): string;
}

/** Why a file tool cannot use a path safely. */
export type UnsafePathProblem =
  | "changed"
  | "directory"
  | "special"
  | "symlink"
  | "dangling-symlink"
  | "symlink-directory"
  | "hard-link"
  | "unprovable-link"
  | "too-large";

const PROBLEMS: Record<UnsafePathProblem, string> = {
  changed:
    "it changed while it was being opened (a symbolic link or directory was swapped in); nothing was read or written",
  directory: "it is a directory, not a file",
  special: "it is not a regular file (a device, FIFO or socket)",
  symlink:
    "it is a symbolic link; Write and Edit never write through a link: use the path of the file it points to",
  "dangling-symlink":
    "it is a symbolic link to a file that does not exist; Write and Edit never write through a link",
  "symlink-directory":
    "a directory on the way is a symbolic link that appeared while the path was being created; nothing was written",
  "hard-link":
    "the file has more than one hard link (the same file under other names, perhaps outside the workspace); Write and Edit only change a file with a single link",
  "unprovable-link":
    "the file has more than one hard link and the host's state is too large to rule out that it is one of the host's files",
  "too-large": `the file is larger than the ${FILE_TOOL_MAX_READ_BYTES / 1024 / 1024} MiB the file tools load; search it with Grep instead`,
};

/** `path_unsafe`: the path cannot be used safely, and why. */
export function pathUnsafeError(given: string, problem: UnsafePathProblem): ToolError {
  return new ToolError("path_unsafe", `Refused "${given}": ${PROBLEMS[problem]}.`);
}

/**
 * `path_protected`: the path is host state. `access` `none`: never reached by the file tools; `read`:
 * readable, never changed (the instructions file).
 */
export function pathProtectedError(label: ShownPath, path: string, access: "none" | "read"): ToolError {
  const what = label.reasonOf(path);
  return new ToolError(
    "path_protected",
    access === "none"
      ? `Refused "${label.given}": it is ${what}, host state that Read, Write, Edit, Grep and Glob never reach.`
      : `Refused to change "${label.given}": it is ${what}, which the file tools may read but never change; ask the operator to edit it.`,
  );
}

/** `path_protected`: the path matches a `sandbox.denyWrite` pattern, so Write and Edit never change it. */
export function denyWriteError(given: string, pattern: string): ToolError {
  return new ToolError(
    "path_protected",
    `${given} matches sandbox.denyWrite pattern "${pattern}": Write and Edit never change it (Bash cannot either); remove the pattern from sandbox.denyWrite to allow it`,
  );
}

/**
 * `path_protected`: the path is git's host configuration (`.git`, or the git dir a `.git` file points
 * to), which git reads and runs on the host; only `sandbox.allowGitWrites` opens it.
 */
export function gitHostConfigurationError(given: string, reason: string): ToolError {
  return new ToolError(
    "path_protected",
    `Refused to change "${given}": it is ${reason}, which git reads as configuration and runs on the host, so Write and Edit never change it (Bash cannot either). An operator who wants the agent to commit sets sandbox.allowGitWrites to true.`,
  );
}
