import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { ContinuationError } from "../continuation-error.js";

/** Bytes of the owner-only secret that result tokens are derived from. */
export const STATE_SECRET_BYTES = 32;

/** File names inside the state directory. */
export const STATE_FILES = {
  database: "continuations.sqlite",
  ownerLock: "owner.lock",
  secret: "secret.key",
  operatorToken: "operator.token",
} as const;

function unsafe(path: string, problem: string, fix: string): ContinuationError {
  return new ContinuationError("store_failed", `the continuation state ${path} ${problem}; ${fix}`);
}

/**
 * Creates (0700) or checks the state directory: it must be a real directory (not a symlink) owned by
 * this user with no group or other permissions. Anything else fails closed.
 */
export function ensureStateDir(stateDir: string): void {
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new ContinuationError(
      "store_failed",
      `cannot create the continuation state directory ${stateDir}`,
      {
        cause: error,
      },
    );
  }
  const stat = lstatSync(stateDir);
  if (stat.isSymbolicLink() || !stat.isDirectory())
    throw unsafe(stateDir, "is not a real directory", "replace it with a directory (mode 0700)");
  if (typeof process.getuid === "function" && stat.uid !== process.getuid())
    throw unsafe(stateDir, "belongs to another user", "give it to the user that runs mono-agent");
  if ((stat.mode & 0o077) !== 0)
    throw unsafe(stateDir, `has mode ${(stat.mode & 0o777).toString(8)}`, `run chmod 700 ${stateDir}`);
}

/** Checks a state file if it exists: a regular file, one link, no group or other permissions. */
export function checkStateFile(path: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return;
  }
  if (stat.isSymbolicLink() || !stat.isFile()) throw unsafe(path, "is not a regular file", "move it aside");
  if (stat.nlink !== 1)
    throw unsafe(path, "has hard links", "move it aside; a state file must have one link");
  if ((stat.mode & 0o077) !== 0)
    throw unsafe(path, `has mode ${(stat.mode & 0o777).toString(8)}`, `run chmod 600 ${path}`);
}

/** Creates an empty 0600 file if missing (no-follow, exclusive), then checks it. */
export function ensureStateFile(path: string): void {
  try {
    closeSync(
      openSync(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW, 0o600),
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST")
      throw new ContinuationError("store_failed", `cannot create ${path}`, { cause: error });
  }
  checkStateFile(path);
}

/** The owner-only secret of the store (created on first use, 0600). */
export function readStateSecret(stateDir: string): Buffer {
  const path = join(stateDir, STATE_FILES.secret);
  try {
    const fd = openSync(
      path,
      constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      writeSync(fd, randomBytes(STATE_SECRET_BYTES));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST")
      throw new ContinuationError("store_failed", `cannot create the secret ${path}`, { cause: error });
  }
  checkStateFile(path);
  const secret = readFileSync(path);
  if (secret.length !== STATE_SECRET_BYTES)
    throw unsafe(
      path,
      `holds ${secret.length} bytes, not ${STATE_SECRET_BYTES}`,
      "move it aside (outstanding result tokens become invalid)",
    );
  return secret;
}

/**
 * Writes the operator bearer to `operator.token` (0600, no-follow) for the operator to read, replacing
 * a stale one through a fresh exclusive temp file and a rename. The file is a convenience: the bearer
 * is derived from `secret.key`, so it changes only when that secret does.
 */
export function writeOperatorTokenFile(stateDir: string, token: string): string {
  const path = join(stateDir, STATE_FILES.operatorToken);
  checkStateFile(path);
  try {
    if (readFileSync(path, "utf8") === `${token}\n`) return path;
  } catch {
    // missing: written below
  }
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const fd = openSync(
      temporary,
      constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      writeSync(fd, `${token}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    throw new ContinuationError("store_failed", `cannot write the operator token ${path}`, { cause: error });
  }
  return path;
}
