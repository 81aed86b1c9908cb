import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";
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

const tooLarge = (maxBytes: number): BoundedFileResult => ({
  status: "refused",
  problem: `over the ${maxBytes}-byte limit`,
});

/**
 * Reads a file the host depends on (config, mcp.json, env file, instructions) only when it is a regular
 * file of at most `maxBytes`: a FIFO, a device (`/dev/zero`), a folder or a socket is refused at once,
 * and at most `maxBytes + 1` bytes are ever read (a file that grows meanwhile is refused too).
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
    const problem = kindProblem(await handle.stat(), maxBytes);
    if (problem !== undefined) return { status: "refused", problem };
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return tooLarge(maxBytes);
    }
    return { status: "read", bytes: buffer.subarray(0, length) };
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
    const problem = kindProblem(fstatSync(descriptor), maxBytes);
    if (problem !== undefined) return { status: "refused", problem };
    const buffer = Buffer.alloc(maxBytes + 1);
    let length = 0;
    for (;;) {
      const bytesRead = readSync(descriptor, buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) return tooLarge(maxBytes);
    }
    return { status: "read", bytes: buffer.subarray(0, length) };
  } catch (error) {
    return openProblem(error);
  } finally {
    closeSync(descriptor);
  }
}
