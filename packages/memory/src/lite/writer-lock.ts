import { randomUUID } from "node:crypto";
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { processAlive } from "@mono-agent/storage/node";
import { WRITER_LOCK_STALE_MS, WRITER_LOCK_WAIT_MS } from "../limits.js";
import { MemoryError } from "../memory-error.js";
import { WRITER_LOCK_FILE } from "./memory-paths.js";

/** Poll interval while another writer holds the lock, in ms: writes take about a millisecond. */
const LOCK_POLL_MS = 2;

/** Contents of `.journal-write.lock` (reference §6.1). */
export interface WriterLockRecord {
  schemaVersion: 1;
  pid: number;
  uid?: number;
  token: string;
}

/** A held writer lock. */
export interface WriterLock {
  readonly token: string;
  release(): void;
}

/** Options of {@link acquireWriterLock}. */
export interface WriterLockOptions {
  waitMs?: number;
  /** A lock whose pid is dead is taken over once it is this old (default 30 s, reference §6.1). */
  staleMs?: number;
  signal?: AbortSignal;
}

/** Reads the lock record, or undefined when absent or not (yet) a complete record. */
export function readWriterLock(root: string): WriterLockRecord | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(root, WRITER_LOCK_FILE), "utf8")) as WriterLockRecord;
    return typeof parsed.pid === "number" && typeof parsed.token === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function tryCreate(path: string, record: WriterLockRecord): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new MemoryError("store_unavailable", "The memory writer lock could not be created.", {
      cause: error,
    });
  }
  try {
    writeSync(descriptor, JSON.stringify(record));
  } finally {
    closeSync(descriptor);
  }
  return true;
}

function removeIfStale(root: string, path: string, staleMs: number, token: string): void {
  let ageMs: number;
  try {
    ageMs = Date.now() - statSync(path).mtimeMs;
  } catch {
    return;
  }
  const holder = readWriterLock(root);
  if ((holder && processAlive(holder.pid)) || ageMs < staleMs) return;
  const aside = `${path}.stale-${token}`;
  try {
    renameSync(path, aside);
    unlinkSync(aside);
  } catch {
    // another writer took it over first
  }
}

/**
 * Takes `.journal-write.lock` (0600, `{schemaVersion, pid, uid, token}`) so two processes never
 * interleave writes. Waits while a live holder keeps it; takes over a lock of a dead pid once stale.
 *
 * @throws MemoryError `writer_busy` after the wait, `cancelled` when aborted.
 */
export async function acquireWriterLock(root: string, options: WriterLockOptions = {}): Promise<WriterLock> {
  const path = join(root, WRITER_LOCK_FILE);
  const token = randomUUID();
  const record: WriterLockRecord = {
    schemaVersion: 1,
    pid: process.pid,
    ...(typeof process.getuid === "function" ? { uid: process.getuid() } : {}),
    token,
  };
  const deadline = Date.now() + (options.waitMs ?? WRITER_LOCK_WAIT_MS);
  const staleMs = options.staleMs ?? WRITER_LOCK_STALE_MS;
  while (!tryCreate(path, record)) {
    if (options.signal?.aborted) throw new MemoryError("cancelled", "Cancelled before anything was written.");
    removeIfStale(root, path, staleMs, token);
    if (Date.now() > deadline) {
      throw new MemoryError("writer_busy", "Another process is writing memory; try again shortly.");
    }
    await sleep(LOCK_POLL_MS);
  }
  return {
    token,
    release() {
      if (readWriterLock(root)?.token !== token) return;
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}
