import { constants, existsSync } from "node:fs";
import { type FileHandle, open, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** Where a run's output files are: `<root>/<runId>` (`artifacts/outbound/<run-id>`). */
export interface RunOutputLocation {
  /** `artifacts/outbound`, absolute. */
  root: string;
  runId: string;
}

/** Options of {@link readRunOutputFile}. */
export interface ReadRunOutputFileOptions {
  location: RunOutputLocation;
  /** The path the model gave: absolute, or relative to `workspace`. */
  path: string;
  workspace: string;
  maxBytes: number;
  /** Test seam: runs between the path check and the open (a swap there must still be refused). */
  afterCheck?: () => Promise<void>;
}

/** Why a path was refused; the caller shows one generic error for every reason. */
export class RunOutputRejection extends Error {}

const reject = (reason: string): never => {
  throw new RunOutputRejection(reason);
};

/** Linux gives fd-relative opens through /proc/self/fd (the directory object, not its path). */
const FD_PATHS = existsSync("/proc/self/fd");
const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
const FILE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads one file directly inside the run's output directory, and nothing else: the path must name a
 * child of exactly `<root>/<runId>`; the directory and the file are opened without following a symlink
 * on any component below the root's (resolved) parent, each open relative to the directory already
 * opened (through `/proc/self/fd` on Linux; component by component elsewhere); the open file is then
 * checked with fstat (a regular file, one link, at most `maxBytes`) and read from that descriptor, so a
 * swap after the check reads nothing it should not. Throws {@link RunOutputRejection} for every refusal.
 */
export async function readRunOutputFile(
  options: ReadRunOutputFileOptions,
): Promise<{ name: string; data: Uint8Array }> {
  const { location } = options;
  if (options.path.includes("\0") || !/^[A-Za-z0-9._-]{1,200}$/.test(location.runId)) reject("bad input");
  const runDir = join(location.root, location.runId);
  const wanted = isAbsolute(options.path) ? resolve(options.path) : resolve(options.workspace, options.path);
  const name = relative(runDir, wanted);
  if (name === "" || name.includes(sep) || name === "." || name === "..")
    reject("not in the run output directory");
  await options.afterCheck?.();
  const opened: FileHandle[] = [];
  try {
    let base = await realpath(dirname(location.root));
    let directory = await open(base, constants.O_RDONLY | constants.O_DIRECTORY);
    opened.push(directory);
    for (const component of [basename(location.root), location.runId]) {
      const next = FD_PATHS ? `/proc/self/fd/${directory.fd}/${component}` : join(base, component);
      directory = await open(next, DIRECTORY_FLAGS);
      opened.push(directory);
      base = join(base, component);
    }
    const file = await open(
      FD_PATHS ? `/proc/self/fd/${directory.fd}/${name}` : join(base, name),
      FILE_FLAGS,
    );
    opened.push(file);
    const stat = await file.stat();
    if (!stat.isFile() || stat.nlink !== 1 || stat.size > options.maxBytes)
      reject("not a small regular file");
    const data = new Uint8Array(stat.size);
    let read = 0;
    while (read < data.byteLength) {
      const { bytesRead } = await file.read(data, read, data.byteLength - read, read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    const extra = await file.read(new Uint8Array(1), 0, 1, read);
    if (extra.bytesRead !== 0) reject("the file grew while it was read");
    return { name, data: data.subarray(0, read) };
  } catch (error) {
    if (error instanceof RunOutputRejection) throw error;
    return reject("could not be opened");
  } finally {
    for (const handle of opened.reverse()) await handle.close().catch(() => {});
  }
}
