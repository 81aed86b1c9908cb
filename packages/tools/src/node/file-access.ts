import { constants, type Stats } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { createDenyWriteMatcher, gitHostConfigurationPaths } from "@mono-agent/sandbox/node";
import { isInsideDirectory } from "../is-inside-directory.js";
import type { ProtectedPaths } from "../protected-paths.js";
import { ToolError } from "../tool-error.js";
import { descriptorRealPath, entryOfOpenDirectory, listingPathOfOpenDirectory } from "./descriptor-path.js";
import {
  denyWriteError,
  gitHostConfigurationError,
  pathProtectedError,
  pathUnsafeError,
  type ShownPath,
} from "./file-access-errors.js";
import { FILE_TOOL_MAX_READ_BYTES } from "./file-tool-limits.js";
import { createProtectedIdentities } from "./protected-identities.js";
import { createProtectedNamesMatcher } from "./protected-names.js";
import { isWithin, type ResolvedPath, realpathOfNearestExisting, resolvePathForms } from "./resolved-path.js";
import { expandLikePi, type Workspace } from "./workspace-paths.js";

/** What a file tool means to do with a path: `read` checks the readable roots, `write` the writable ones. */
export type FileAccessMode = "read" | "write";

/** Options of {@link createFileAccess}. */
export interface FileAccessOptions {
  workspace: Workspace;
  /** Extra roots Read, Grep and Glob may read (absolute, or relative to the workspace). */
  readableRoots?: readonly string[];
  /** Extra roots Write and Edit may change (and the readers read). */
  writableRoots?: readonly string[];
  /** Host state out of reach whatever the roots say. */
  protectedPaths?: ProtectedPaths;
  /**
   * `sandbox.denyWrite` patterns (relative to each writable root, the sandbox's matcher): Write and Edit
   * refuse what Bash cannot write either.
   */
  denyWrite?: readonly string[];
  /**
   * `sandbox.allowGitWrites`: when not true (the default), Write and Edit refuse git's host configuration
   * in each writable root (see `gitHostConfigurationPaths`), as the sandbox keeps it read-only for Bash.
   */
  allowGitWrites?: boolean;
}

/** A directory opened and verified on its descriptor; entries are named relative to that very object. */
export interface OpenDirectory {
  readonly handle: FileHandle;
  readonly realPath: string;
  /** A path naming entry `name` of this directory object. */
  entry(name: string): string;
  /** A path to list this directory object by. */
  readonly listing: string;
}

/** Every file-system access of Read, Write, Edit, Grep and Glob goes through one of these. */
export interface FileAccess {
  readonly workspace: Workspace;
  /** A path as the model gave it (relative to the workspace, `~` and `@` as pi expands them), checked; absolute. */
  resolve(requestedPath: string, mode: FileAccessMode): Promise<string>;
  /** Checks an absolute path before use (lexically and on its real path); returns the real path. */
  check(absolutePath: string, mode: FileAccessMode): Promise<string>;
  /** Opens an existing regular file for reading, verified on the descriptor. The caller closes it. */
  openFile(absolutePath: string, mode: FileAccessMode): Promise<FileHandle>;
  /** Opens a directory, verified on the descriptor. The caller closes `handle`. */
  openDirectory(absolutePath: string, mode: FileAccessMode): Promise<OpenDirectory>;
  /** Opens entry `name` of an open directory as a directory, verified. */
  openDirectoryEntry(parent: OpenDirectory, name: string, mode: FileAccessMode): Promise<OpenDirectory>;
  /** True for a path in the no-access list (walkers skip it without a word). */
  isHidden(absolutePath: string): boolean;
  /** Refuses (throws) when `realPath` is host state for `mode`; `shown` names it in the error. */
  assertNotProtected(realPath: string, mode: FileAccessMode, shown: string): void;
  /** The whole file, at most {@link FILE_TOOL_MAX_READ_BYTES}. */
  readFile(absolutePath: string, mode: FileAccessMode): Promise<Buffer>;
  /** The path as error messages show it: relative to the workspace when inside. */
  show(absolutePath: string): string;
}

/** The reason named for a file that is, under another name, a protected host file. */
const HARD_LINK_TO_HOST_STATE = "a hard link to one of the host's protected files";

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_DIRECTORY;

/**
 * The checks of the built-in file tools. A path must lie inside a root of its mode both lexically and
 * after resolving symlinks (a dangling one included) and must not be host state; then it is opened with
 * no-follow flags and the descriptor itself is checked again (its real path through /proc/self/fd, its
 * type, its link count), so a symlink or directory swapped in between check and use is refused.
 */
export function createFileAccess(options: FileAccessOptions): FileAccess {
  const { workspace } = options;
  const root = (path: string) => resolvePathForms(resolve(workspace.directory, path));
  const workspaceRoot: ResolvedPath = { lexical: workspace.directory, real: workspace.realDirectory };
  const writable = [workspaceRoot, ...(options.writableRoots ?? []).map(root)];
  const readable = [...writable, ...(options.readableRoots ?? []).map(root)];
  const noAccess = (options.protectedPaths?.noAccess ?? []).map((path) => resolvePathForms(path));
  const readOnly = (options.protectedPaths?.readOnly ?? []).map((path) => resolvePathForms(path));
  const reasons = Object.entries(options.protectedPaths?.reasons ?? {})
    .map(([path, reason]) => ({ form: resolvePathForms(path), reason }))
    .sort((left, right) => right.form.lexical.length - left.form.lexical.length);
  const noAccessNames = options.protectedPaths?.noAccessNames ?? [];
  const protectedByName = createProtectedNamesMatcher(noAccessNames);
  const identities = createProtectedIdentities(noAccess, noAccessNames);
  const rootsOf = (mode: FileAccessMode) => (mode === "write" ? writable : readable);
  const show = (absolutePath: string): string => {
    const fromWorkspace = relative(workspace.directory, absolutePath);
    return isInsideDirectory(workspace.directory, absolutePath) ? fromWorkspace || "." : absolutePath;
  };
  const shown = (absolutePath: string, given?: string): ShownPath => ({
    given: given ?? show(absolutePath),
    reasonOf: (path) =>
      reasons.find((entry) => isWithin(entry.form, path))?.reason ??
      protectedByName(path) ??
      "host state of mono-agent",
  });

  const denyWrite = options.denyWrite ?? [];
  const deniedBy = createDenyWriteMatcher(denyWrite);
  const gitPaths = options.allowGitWrites
    ? []
    : writable.flatMap((entry) =>
        [...new Set([entry.lexical, entry.real])].flatMap((base) =>
          gitHostConfigurationPaths(base).map(({ path, reason }) => ({
            form: resolvePathForms(path),
            reason,
          })),
        ),
      );
  const assertNotProtected = (path: string, mode: FileAccessMode, label: ShownPath) => {
    const hidden = noAccess.find((entry) => isWithin(entry, path));
    if (hidden || protectedByName(path) !== undefined) throw pathProtectedError(label, path, "none");
    if (mode === "write" && readOnly.some((entry) => isWithin(entry, path)))
      throw pathProtectedError(label, path, "read");
    const git = mode === "write" ? gitPaths.find((entry) => isWithin(entry.form, path)) : undefined;
    if (git !== undefined) throw gitHostConfigurationError(label.given, git.reason);
    if (mode !== "write" || denyWrite.length === 0) return;
    for (const base of writable.flatMap((entry) => [entry.lexical, entry.real])) {
      if (!isInsideDirectory(base, path)) continue;
      const pattern = deniedBy(relative(base, path));
      if (pattern !== undefined) throw denyWriteError(label.given, pattern);
    }
  };
  const assertInsideRoots = (path: string, mode: FileAccessMode, label: ShownPath, how: string) => {
    const roots = rootsOf(mode);
    if (!roots.some((entry) => isWithin(entry, path)))
      throw outsideError(label.given, how, workspace.directory, roots.slice(1));
  };
  /** The checks before opening: lexical, then on the real path (symlinks resolved). Returns the real path. */
  const precheck = async (absolute: string, mode: FileAccessMode, label: ShownPath): Promise<string> => {
    assertNotProtected(absolute, mode, label);
    assertInsideRoots(absolute, mode, label, "it is");
    const real = await realpathOfNearestExisting(absolute);
    assertNotProtected(real, mode, label);
    assertInsideRoots(real, mode, label, "it resolves through a symlink to a place");
    return real;
  };
  /** The checks after opening, on what the descriptor really is. */
  const verifyDescriptor = async (
    handle: FileHandle,
    opened: string,
    mode: FileAccessMode,
    label: ShownPath,
  ) => {
    const real = await descriptorRealPath(handle, opened);
    if (real === undefined) throw pathUnsafeError(label.given, "changed");
    assertNotProtected(real, mode, label);
    if (!rootsOf(mode).some((entry) => isWithin(entry, real))) throw pathUnsafeError(label.given, "changed");
    return real;
  };
  /** Opens no-follow; a symlink in the last place is opened at its checked real path instead. */
  const openNoFollow = async (absolute: string, real: string, flags: number, label: ShownPath) => {
    try {
      return { handle: await open(absolute, flags), opened: absolute };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ELOOP") throw error;
    }
    try {
      return { handle: await open(real, flags), opened: real };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ELOOP") throw pathUnsafeError(label.given, "changed");
      throw error;
    }
  };
  const asOpenDirectory = (handle: FileHandle, realPath: string): OpenDirectory => ({
    handle,
    realPath,
    entry: (name) => entryOfOpenDirectory(handle, realPath, name),
    listing: listingPathOfOpenDirectory(handle, realPath),
  });
  const checkedHandle = async <T>(handle: FileHandle, check: () => Promise<T>): Promise<T> => {
    try {
      return await check();
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  };
  const assertRegularFile = async (stats: Stats, label: ShownPath, real: string) => {
    if (stats.isDirectory()) throw pathUnsafeError(label.given, "directory");
    if (!stats.isFile()) throw pathUnsafeError(label.given, "special");
    if (stats.nlink > 1) {
      const linked = await identities.includes(stats);
      if (linked === true)
        throw pathProtectedError({ ...label, reasonOf: () => HARD_LINK_TO_HOST_STATE }, real, "none");
      if (linked === "unknown") throw pathUnsafeError(label.given, "unprovable-link");
    }
  };

  const access: FileAccess = {
    workspace,
    show,
    isHidden: (absolutePath) =>
      noAccess.some((entry) => isWithin(entry, absolutePath)) || protectedByName(absolutePath) !== undefined,
    assertNotProtected: (realPath, mode, given) => assertNotProtected(realPath, mode, shown(realPath, given)),
    async resolve(requestedPath, mode) {
      const expanded = expandLikePi(requestedPath);
      const absolute = isAbsolute(expanded) ? resolve(expanded) : resolve(workspace.directory, expanded);
      await precheck(absolute, mode, shown(absolute, requestedPath));
      return absolute;
    },
    check: (absolutePath, mode) => precheck(absolutePath, mode, shown(absolutePath)),
    async openFile(absolutePath, mode) {
      const label = shown(absolutePath);
      const real = await precheck(absolutePath, mode, label);
      const { handle, opened } = await openNoFollow(absolutePath, real, READ_FLAGS, label);
      return checkedHandle(handle, async () => {
        const verified = await verifyDescriptor(handle, opened, mode, label);
        await assertRegularFile(await handle.stat(), label, verified);
        return handle;
      });
    },
    async openDirectory(absolutePath, mode) {
      const label = shown(absolutePath);
      const real = await precheck(absolutePath, mode, label);
      const { handle, opened } = await openNoFollow(absolutePath, real, DIRECTORY_FLAGS, label);
      return checkedHandle(handle, async () =>
        asOpenDirectory(handle, await verifyDescriptor(handle, opened, mode, label)),
      );
    },
    async openDirectoryEntry(parent, name, mode) {
      const label = shown(resolve(parent.realPath, name));
      assertNotProtected(resolve(parent.realPath, name), mode, label);
      let handle: FileHandle;
      try {
        handle = await open(parent.entry(name), DIRECTORY_FLAGS);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ELOOP")
          throw pathUnsafeError(label.given, "symlink-directory");
        throw error;
      }
      return checkedHandle(handle, async () =>
        asOpenDirectory(handle, await verifyDescriptor(handle, parent.entry(name), mode, label)),
      );
    },
    async readFile(absolutePath, mode) {
      const handle = await access.openFile(absolutePath, mode);
      try {
        const { size } = await handle.stat();
        if (size > FILE_TOOL_MAX_READ_BYTES) throw pathUnsafeError(show(absolutePath), "too-large");
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },
  };
  return access;
}

function outsideError(
  given: string,
  how: string,
  workspaceDir: string,
  extraRoots: readonly ResolvedPath[],
): ToolError {
  const extra =
    extraRoots.length === 0
      ? ""
      : ` and the extra roots ${extraRoots.map((entry) => entry.lexical).join(", ")}`;
  return new ToolError(
    "path_outside_workspace",
    `Refused "${given}": ${how} outside the workspace ${workspaceDir}${extra}. ` +
      "Built-in tools only reach files inside the workspace; use a path relative to it.",
  );
}
