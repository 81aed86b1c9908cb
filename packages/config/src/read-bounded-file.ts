import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  type Stats,
} from "node:fs";
import { open } from "node:fs/promises";

/**
 * Largest config file, mcp.json or env file read, in bytes. A config declaring hundreds of servers is
 * under 100 KiB; 1 MiB refuses `/dev/zero`-sized mistakes long before memory suffers.
 */
export const CONFIG_FILE_MAX_BYTES = 1024 * 1024;

/** What {@link readBoundedFile} found. */
export type BoundedFileResult =
  | { status: "read"; bytes: Buffer }
  | { status: "missing" }
  /** `problem` completes "<path> is …": the kind of entry, the size, or the read error. */
  | { status: "refused"; problem: string };

/**
 * Opens without blocking (a FIFO with no writer would otherwise hang the open) and without making a
 * terminal the controlling one; the kind and size are then read from the open descriptor, so what is
 * checked is what is read.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The one device accepted, as an empty file: `--env-file /dev/null` is the usual way to say "no env file". */
const NULL_DEVICE = "/dev/null";

/**
 * Folders of the kernel's pseudo-files: they look like regular files (`/proc/self/environ` is one, of
 * size 0) but show the host's live state (its environment, memory maps, devices), never configuration.
 */
export const PSEUDO_FILE_ROOTS: readonly string[] = ["/proc", "/sys", "/dev"];

/** Where the descriptor really leads (Linux: `/proc/self/fd`), else the path with symlinks resolved. */
function openedPath(path: string, descriptor: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${descriptor}`);
  } catch {
    try {
      return realpathSync(path);
    } catch {
      return undefined;
    }
  }
}

/** Why the file at `path` (open as `descriptor`) is a kernel pseudo-file, or undefined. */
function pseudoFileProblem(path: string, descriptor: number): string | undefined {
  const real = openedPath(path, descriptor);
  const root = PSEUDO_FILE_ROOTS.find((entry) => real === entry || real?.startsWith(`${entry}/`));
  if (root === undefined) return undefined;
  return `a pseudo-file of the kernel under ${root} (${real === path ? "" : `it leads to ${real}; `}it shows the host's live state, not a file's content), not a regular file`;
}

function kindProblem(stats: Stats, maxBytes: number): string | undefined {
  if (stats.isDirectory()) return "a folder, not a regular file";
  if (stats.isFIFO()) return "a named pipe (FIFO), not a regular file";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device, not a regular file";
  if (stats.isSocket()) return "a socket, not a regular file";
  if (!stats.isFile()) return "not a regular file";
  if (stats.size > maxBytes) return `${stats.size} bytes, over the ${maxBytes}-byte limit`;
  return undefined;
}

function openProblem(error: unknown): BoundedFileResult {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return { status: "missing" };
  if (code === "EISDIR") return { status: "refused", problem: "a folder, not a regular file" };
  return { status: "refused", problem: `unreadable (${code ?? String(error)})` };
}

/**
 * The read loop of both readers: a buffer sized from the file's size (not the cap, so a small file costs
 * a small buffer), grown while the file keeps giving bytes, never past `maxBytes + 1`.
 */
class BoundedReader {
  private buffer: Buffer;
  private length = 0;
  private over = false;

  constructor(
    size: number,
    private readonly maxBytes: number,
  ) {
    this.buffer = Buffer.allocUnsafe(Math.min(size, maxBytes) + 1);
  }

  /** Where the next read goes. */
  next(): { buffer: Buffer; offset: number; length: number } {
    if (this.length === this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.min(this.buffer.length * 2, this.maxBytes + 1));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    return { buffer: this.buffer, offset: this.length, length: this.buffer.length - this.length };
  }

  /** Counts a read; false when reading is done (end of file, or past the cap). */
  advance(bytesRead: number): boolean {
    this.length += bytesRead;
    if (this.length > this.maxBytes) this.over = true;
    return bytesRead > 0 && !this.over;
  }

  result(): BoundedFileResult {
    if (this.over) return { status: "refused", problem: `over the ${this.maxBytes}-byte limit` };
    return { status: "read", bytes: Buffer.from(this.buffer.subarray(0, this.length)) };
  }
}

/**
 * Reads a file the host depends on (config, mcp.json, env file, instructions) only when it is a regular
 * file of at most `maxBytes`: a kernel pseudo-file (anything under `/proc`, `/sys` or `/dev`, through a
 * symlink too, as the opened descriptor shows), a FIFO, a device (`/dev/zero`), a folder or a socket is
 * refused at once, before a byte is read, and at most `maxBytes + 1` bytes are ever read (a file that
 * grows meanwhile is refused too). Only `/dev/null`, named as such, reads as empty.
 */
export async function readBoundedFile(path: string, maxBytes: number): Promise<BoundedFileResult> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    return openProblem(error);
  }
  try {
    if (path === NULL_DEVICE) return { status: "read", bytes: Buffer.alloc(0) };
    const stats = await handle.stat();
    const problem =
      (stats.isFile() ? pseudoFileProblem(path, handle.fd) : undefined) ?? kindProblem(stats, maxBytes);
    if (problem !== undefined) return { status: "refused", problem };
    const reader = new BoundedReader(stats.size, maxBytes);
    for (;;) {
      const target = reader.next();
      const { bytesRead } = await handle.read(target.buffer, target.offset, target.length, null);
      if (!reader.advance(bytesRead)) break;
    }
    return reader.result();
  } catch (error) {
    return openProblem(error);
  } finally {
    await handle.close();
  }
}

/** The synchronous {@link readBoundedFile}, for callers that resolve the environment before anything else. */
export function readBoundedFileSync(path: string, maxBytes: number): BoundedFileResult {
  let descriptor: number;
  try {
    descriptor = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return openProblem(error);
  }
  try {
    if (path === NULL_DEVICE) return { status: "read", bytes: Buffer.alloc(0) };
    const stats = fstatSync(descriptor);
    const problem =
      (stats.isFile() ? pseudoFileProblem(path, descriptor) : undefined) ?? kindProblem(stats, maxBytes);
    if (problem !== undefined) return { status: "refused", problem };
    const reader = new BoundedReader(stats.size, maxBytes);
    for (;;) {
      const target = reader.next();
      if (!reader.advance(readSync(descriptor, target.buffer, target.offset, target.length, null))) break;
    }
    return reader.result();
  } catch (error) {
    return openProblem(error);
  } finally {
    closeSync(descriptor);
  }
}
