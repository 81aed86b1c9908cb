import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { McpEnvError } from "./mcp-env-error.js";
import { assertRunId } from "./run-ids.js";

/** Permissions of the outbound root and every run output directory: owner only. */
export const RUN_OUTPUT_DIRECTORY_MODE = 0o700;

/** How {@link RunOutputDirectory.remove} ended. */
export type RunOutputRemoval = "removed" | "missing" | "replaced";

/** A run's scratch directory, and the exact directory object the host created. */
export interface RunOutputDirectory {
  /** `<outboundRoot>/<runId>`. */
  path: string;
  dev: bigint;
  ino: bigint;
  /**
   * Removes the directory with its contents only if the object at `path` is still the one created
   * (same device and inode); a replacement, a symlink or a file there is left alone (`"replaced"`).
   * Call it after the runtime and every tool client have settled. Idempotent.
   */
  remove(): Promise<RunOutputRemoval>;
}

function unsafe(path: string, what: string, cause?: unknown): McpEnvError {
  return new McpEnvError(
    "unsafe_run_output",
    `the run output directory cannot be created safely: ${path} ${what}; nothing was deleted — move it away and run again`,
    cause === undefined ? undefined : { cause },
  );
}

async function describeExisting(path: string): Promise<string> {
  const stats = await lstat(path).catch(() => undefined);
  if (!stats) return "cannot be created";
  if (stats.isSymbolicLink()) return "is a symlink";
  return stats.isDirectory() ? "already exists" : "is not a directory";
}

/**
 * Creates `<outboundRoot>/<runId>` for one run: the root recursively with mode 0700, the run directory
 * with an exclusive mkdir 0700, its device and inode read from a no-follow descriptor. Throws
 * `unsafe_run_output` when the root is a symlink or not a directory, or anything already occupies the
 * run directory's path; nothing is deleted then. Throws `invalid_run_id` for an unsafe run id.
 */
export async function createRunOutputDirectory(options: {
  outboundRoot: string;
  runId: string;
}): Promise<RunOutputDirectory> {
  assertRunId(options.runId);
  const root = options.outboundRoot;
  try {
    await mkdir(root, { recursive: true, mode: RUN_OUTPUT_DIRECTORY_MODE });
  } catch (error) {
    throw unsafe(root, await describeExisting(root), error);
  }
  const rootStats = await lstat(root);
  if (rootStats.isSymbolicLink() || !rootStats.isDirectory())
    throw unsafe(root, await describeExisting(root));
  const path = join(root, options.runId);
  try {
    await mkdir(path, { mode: RUN_OUTPUT_DIRECTORY_MODE });
  } catch (error) {
    throw unsafe(path, await describeExisting(path), error);
  }
  const handle = await open(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  let dev: bigint;
  let ino: bigint;
  try {
    await handle.chmod(RUN_OUTPUT_DIRECTORY_MODE);
    ({ dev, ino } = await handle.stat({ bigint: true }));
  } finally {
    await handle.close();
  }
  let removal: Promise<RunOutputRemoval> | undefined;
  const sameObject = async (candidate: string) => {
    const stats = await lstat(candidate, { bigint: true }).catch(() => undefined);
    if (!stats) return "missing" as const;
    return stats.isDirectory() && stats.dev === dev && stats.ino === ino ? "same" : "other";
  };
  const removeOnce = async (): Promise<RunOutputRemoval> => {
    const before = await sameObject(path);
    if (before !== "same") return before === "missing" ? "missing" : "replaced";
    // Move the object to a private name first, so the check and the deletion concern the same object.
    const parked = join(root, `.${options.runId}.removing-${randomBytes(6).toString("hex")}`);
    await rename(path, parked);
    if ((await sameObject(parked)) !== "same") {
      await rename(parked, path).catch(() => {});
      return "replaced";
    }
    await rm(parked, { recursive: true, force: true });
    return "removed";
  };
  return {
    path,
    dev,
    ino,
    remove() {
      removal ??= removeOnce();
      return removal;
    },
  };
}
