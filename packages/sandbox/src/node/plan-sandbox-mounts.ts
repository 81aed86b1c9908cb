import { lstatSync, readdirSync, readlinkSync, type Stats } from "node:fs";
import { join, relative, sep } from "node:path";
import { isPathInside } from "../resolve-posix-path.js";
import { SandboxError } from "../sandbox-error.js";
import { expandDenyWrite } from "./expand-deny-write.js";
import type { MountPlan, MountStep } from "./mount-plan.js";
import { acquirePlaceholder, isHeldPlaceholder, releasePlaceholders } from "./placeholders.js";

/**
 * System folders shown read-only so programs run: binaries, libraries and /etc (minus its secrets). A
 * symlink among them (merged /usr: /bin -> usr/bin) is recreated as the same symlink.
 */
export const SYSTEM_PATHS: readonly string[] = [
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/etc",
  "/opt",
];

/** Host secrets under /etc that are hidden even though /etc is shown (password hashes, sudo rules). */
export const HIDDEN_ETC_PATHS: readonly string[] = [
  "/etc/shadow",
  "/etc/shadow-",
  "/etc/gshadow",
  "/etc/gshadow-",
  "/etc/sudoers",
  "/etc/sudoers.d",
  "/etc/ssl/private",
];

/** The file hidden paths show instead of their content. */
const EMPTY_FILE = "/dev/null";

/** Options of {@link planSandboxMounts}; every path absolute and with symlinks resolved. */
export interface PlanSandboxMountsOptions {
  readableRoots: readonly string[];
  writableRoots: readonly string[];
  denyWrite: readonly string[];
  protectedPaths?: { noAccess: readonly string[]; readOnly: readonly string[] };
  /** The home folder the command sees, as an empty private tmpfs (unless a root holds it). */
  homeDir?: string;
  /** Files the sandbox must show read-only wherever they are (the Node binary of the network helper). */
  readOnlyFiles?: readonly string[];
  /** Host folders bound into the sandbox for the engine's own use (the network relay's socket folder). */
  engineBinds?: readonly { source: string; path: string }[];
}

type Pin = { path: string; action: "read-only" | "hide-file" | "hide-dir" | "pin-dir" };

// File-system checks here are synchronous: each is a single fast syscall, and going through the
// thread pool instead made preparing a command cost more than running it on a loaded machine.
function readdirSafe(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}

const depth = (path: string) => (path === "/" ? 0 : path.split("/").length - 1);

function outermostRoot(roots: readonly string[], path: string): string | undefined {
  return roots.filter((root) => isPathInside(root, path)).sort((a, b) => depth(a) - depth(b))[0];
}

function refuse(message: string): SandboxError {
  return new SandboxError("sandbox_prepare_failed", message);
}

async function systemSteps(): Promise<MountStep[]> {
  const steps: MountStep[] = [];
  for (const path of SYSTEM_PATHS) {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats?.isSymbolicLink()) steps.push({ kind: "symlink", target: readlinkSync(path), path });
    else if (stats?.isDirectory()) steps.push({ kind: "ro-bind", source: path, path });
  }
  steps.push({ kind: "dev", path: "/dev" }, { kind: "tmpfs", path: "/dev/shm", readOnly: false });
  steps.push({ kind: "proc", path: "/proc" });
  const hidden = [...HIDDEN_ETC_PATHS];
  for (const name of readdirSafe("/etc/ssh"))
    if (/^ssh_host_.*_key$/.test(name)) hidden.push(`/etc/ssh/${name}`);
  for (const path of hidden) {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats?.isDirectory()) steps.push({ kind: "tmpfs", path, readOnly: true });
    else if (stats?.isFile()) steps.push({ kind: "ro-bind", source: EMPTY_FILE, path });
  }
  return steps;
}

/** Roots and private tmpfs areas, outermost first, so deeper mounts land on top of shallower ones. */
function areaSteps(options: PlanSandboxMountsOptions): MountStep[] {
  const writable = options.writableRoots.filter(
    (root) => !options.writableRoots.some((other) => other !== root && isPathInside(other, root)),
  );
  const readable = options.readableRoots.filter(
    (root) =>
      !writable.some((other) => isPathInside(other, root)) &&
      !options.readableRoots.some((other) => other !== root && isPathInside(other, root)),
  );
  const roots = [...readable, ...writable];
  const areas: (MountStep & { order: number })[] = [
    { kind: "tmpfs", path: "/tmp", readOnly: false, order: 0 },
  ];
  const home = options.homeDir;
  if (
    home &&
    home !== "/" &&
    home !== "/tmp" && // already the private /tmp
    !roots.some((root) => isPathInside(root, home)) &&
    !SYSTEM_PATHS.some((system) => isPathInside(system, home))
  )
    areas.push({ kind: "tmpfs", path: home, readOnly: false, order: 0 });
  for (const root of readable) areas.push({ kind: "ro-bind", source: root, path: root, order: 1 });
  for (const root of writable) areas.push({ kind: "bind", source: root, path: root, order: 1 });
  return areas
    .sort((a, b) => depth(a.path) - depth(b.path) || a.order - b.order)
    .map(({ order: _order, ...step }) => step as MountStep);
}

/** Checks that no component from `root` (exclusive) to `path` (inclusive) is a symlink; returns the directories in between. */
async function componentsBetween(root: string, path: string): Promise<string[]> {
  const parts = relative(root, path).split(sep).filter(Boolean);
  const directories: string[] = [];
  let current = root;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stats = lstatSync(current, { throwIfNoEntry: false });
    if (!stats) break;
    if (stats.isSymbolicLink())
      throw refuse(
        `${current} is a symlink inside a writable root, so ${path} cannot be protected from a command (it could swap the link); replace the link with the real file or folder`,
      );
    if (index < parts.length - 1) directories.push(current);
  }
  return directories;
}

/** lstat, with a path that cannot exist (missing, or a file where a folder of it should be) as undefined. */
function lstatOrMissing(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR") return undefined;
    throw error;
  }
}

/**
 * The first component strictly between `root` and `path` that exists and is neither a folder nor a symlink
 * (symlinks are refused by `componentsBetween`), or undefined when there is none.
 */
function fileOnTheWay(root: string, path: string): string | undefined {
  const parts = relative(root, path).split(sep).filter(Boolean);
  let current = root;
  for (const part of parts.slice(0, -1)) {
    current = join(current, part);
    const stats = lstatSync(current, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return undefined;
    if (!stats.isDirectory()) return current;
  }
  return undefined;
}

/** The first component of `path` below `root` that does not exist, or undefined when all exist. */
async function firstMissing(root: string, path: string): Promise<string | undefined> {
  let current = root;
  for (const part of relative(root, path).split(sep).filter(Boolean)) {
    current = join(current, part);
    if (!lstatSync(current, { throwIfNoEntry: false })) return current;
  }
  return undefined;
}

/**
 * Plans the sandbox's file system: system folders read-only; /dev, /proc, /tmp and the home folder
 * private; readable roots read-only and writable roots read-write; then, inside writable roots, every
 * denyWrite match and read-only protected path mounted read-only onto itself, every no-access protected
 * path hidden (a file shows as empty, a folder as an empty read-only folder), and each folder between a
 * writable root and a protected path mounted onto itself so a command cannot rename it away. A missing
 * protected path gets a placeholder (see `acquirePlaceholder`) so a command cannot create it. Throws
 * `sandbox_prepare_failed` when a protected path, or a folder on the way to it, is a symlink.
 */
export async function planSandboxMounts(options: PlanSandboxMountsOptions): Promise<MountPlan> {
  const steps = [...(await systemSteps()), ...areaSteps(options)];
  for (const bind of options.engineBinds ?? [])
    steps.push({ kind: "bind", source: bind.source, path: bind.path });
  for (const file of options.readOnlyFiles ?? []) steps.push({ kind: "ro-bind", source: file, path: file });
  const plan: MountPlan = { steps, expected: [], placeholders: [] };
  const roots = [...options.readableRoots, ...options.writableRoots];
  const pins = new Map<string, Pin>();
  const pin = (path: string, action: Pin["action"]) => {
    const existing = pins.get(path);
    if (!existing || existing.action === "pin-dir" || action.startsWith("hide"))
      pins.set(path, { path, action });
  };
  const protect = async (path: string, hidden: boolean): Promise<void> => {
    const writableRoot = outermostRoot(options.writableRoots, path);
    if (!writableRoot) {
      if (hidden && roots.some((root) => isPathInside(root, path))) {
        const stats = lstatOrMissing(path);
        if (stats) pin(path, stats.isDirectory() ? "hide-dir" : "hide-file");
      }
      return;
    }
    if (path === writableRoot)
      throw refuse(
        `${path} is both a writable root and a protected path; remove it from sandbox.writableRoots`,
      );
    // A file on the way (a placeholder of a protected folder, or `.git` as a file in a git worktree): the
    // path cannot exist while that file stays, so the file is what must stay put.
    const blocker = fileOnTheWay(writableRoot, path);
    if (blocker) {
      const held = pins.get(blocker);
      return held && held.action !== "pin-dir" ? undefined : protect(blocker, false);
    }
    let target = path;
    let stats = lstatOrMissing(path);
    if (!stats || isHeldPlaceholder(path)) {
      const missing = stats ? path : await firstMissing(writableRoot, path);
      if (missing === undefined) return;
      if (await acquirePlaceholder(missing)) {
        plan.placeholders.push(missing);
        target = missing;
        stats = lstatSync(missing);
      } else return protect(path, hidden);
    }
    for (const directory of await componentsBetween(writableRoot, target)) pin(directory, "pin-dir");
    pin(target, hidden ? (stats.isDirectory() ? "hide-dir" : "hide-file") : "read-only");
  };
  try {
    for (const writableRoot of options.writableRoots)
      for (const pattern of options.denyWrite) {
        const matches = await expandDenyWrite(writableRoot, pattern);
        for (const path of [...matches.existing, ...matches.missing]) await protect(path, false);
      }
    for (const path of options.protectedPaths?.readOnly ?? []) await protect(path, false);
    for (const path of options.protectedPaths?.noAccess ?? []) await protect(path, true);
  } catch (error) {
    await releasePlaceholders(plan.placeholders);
    throw error;
  }
  const leaves = [...pins.values()].filter((entry) => entry.action !== "pin-dir");
  const ordered = [...pins.values()]
    .filter(
      (entry) => entry.action !== "pin-dir" || !leaves.some((leaf) => isPathInside(leaf.path, entry.path)),
    )
    .sort(
      (a, b) =>
        depth(a.path) - depth(b.path) || Number(a.action !== "pin-dir") - Number(b.action !== "pin-dir"),
    );
  for (const entry of ordered) {
    if (entry.action === "pin-dir") steps.push({ kind: "bind", source: entry.path, path: entry.path });
    else if (entry.action === "read-only")
      steps.push({ kind: "ro-bind", source: entry.path, path: entry.path });
    else if (entry.action === "hide-file")
      steps.push({ kind: "ro-bind", source: EMPTY_FILE, path: entry.path });
    else steps.push({ kind: "tmpfs", path: entry.path, readOnly: true });
    plan.expected.push({ path: entry.path, readOnly: entry.action !== "pin-dir" });
  }
  return plan;
}
