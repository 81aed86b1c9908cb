import { closeSync, lstatSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { ContinuationError } from "../continuation-error.js";
import { checkStateFile, STATE_FILES, STATE_SECRET_BYTES } from "./state-dir.js";

/** The first bytes of every SQLite database file. */
const SQLITE_HEADER = "SQLite format 3\u0000";

/** A problem {@link inspectStateDir} found: the file and a sentence naming the problem and the fix. */
export interface StateDirProblem {
  file: string;
  message: string;
}

/**
 * Checks a continuation state directory the way the service would at start, without creating, locking
 * or changing anything (for `mono-agent validate`): the directory is a real one with mode 0700; each
 * state file that exists is a regular 0600 file with one link; `secret.key` holds its
 * {@link STATE_SECRET_BYTES} bytes; `owner.lock` is empty or an SQLite file. A missing directory or file
 * is no problem: the service creates it. Returns the problems, none when the service would start.
 */
export function inspectStateDir(stateDir: string): StateDirProblem[] {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(stateDir);
  } catch {
    return [];
  }
  if (stat.isSymbolicLink() || !stat.isDirectory())
    return [
      {
        file: stateDir,
        message: `the continuation state ${stateDir} is not a real directory; replace it with a directory (mode 0700)`,
      },
    ];
  const problems: StateDirProblem[] = [];
  if ((stat.mode & 0o077) !== 0)
    problems.push({
      file: stateDir,
      message: `the continuation state ${stateDir} has mode ${(stat.mode & 0o777).toString(8)}; run chmod 700 ${stateDir}`,
    });
  for (const name of Object.values(STATE_FILES)) {
    const file = join(stateDir, name);
    try {
      checkStateFile(file);
    } catch (error) {
      problems.push({ file, message: ContinuationError.isInstance(error) ? error.message : String(error) });
      continue;
    }
    const head = readHead(file, Math.max(STATE_SECRET_BYTES + 1, SQLITE_HEADER.length));
    if (head === undefined) continue;
    if (name === STATE_FILES.secret && head.length !== STATE_SECRET_BYTES) {
      const size = head.length > STATE_SECRET_BYTES ? `more than ${STATE_SECRET_BYTES}` : String(head.length);
      problems.push({
        file,
        message: `the continuation state ${file} holds ${size} bytes, not ${STATE_SECRET_BYTES}; move it aside (outstanding result tokens become invalid)`,
      });
    }
    if (
      name === STATE_FILES.ownerLock &&
      head.length > 0 &&
      head.subarray(0, SQLITE_HEADER.length).toString("latin1") !== SQLITE_HEADER
    )
      problems.push({
        file,
        message: `the continuation state ${file} is not an SQLite file; move it aside (it holds only the owning process id; the next start writes a new one)`,
      });
  }
  return problems;
}

/** Up to `bytes` bytes from the start of `file`; undefined when it does not exist or cannot be read. */
function readHead(file: string, bytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}
