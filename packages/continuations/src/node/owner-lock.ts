import { join } from "node:path";
import Database from "better-sqlite3";
import { ContinuationError } from "../continuation-error.js";
import { ensureStateFile, STATE_FILES } from "./state-dir.js";

/** The process ownership of a store: held until {@link OwnerLock.release} or the process dies. */
export interface OwnerLock {
  release(): void;
}

/**
 * Takes the store's process ownership: an exclusive SQLite lock on `<stateDir>/owner.lock`, which the
 * operating system drops when the process dies (so a restart after kill -9 takes it at once). Throws
 * `store_locked` when another live process holds it.
 */
export function acquireOwnerLock(stateDir: string): OwnerLock {
  const file = join(stateDir, STATE_FILES.ownerLock);
  ensureStateFile(file);
  const sqlite = new Database(file);
  try {
    sqlite.pragma("busy_timeout = 0");
    sqlite.pragma("locking_mode = EXCLUSIVE");
    sqlite.exec(
      `BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL); DELETE FROM owner; INSERT INTO owner VALUES (${process.pid}); COMMIT;`,
    );
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY")
      throw new ContinuationError(
        "store_locked",
        `another mono-agent process owns the continuation store in ${stateDir}; stop it first (only one host may serve continuations from one state directory)`,
        { cause: error },
      );
    throw new ContinuationError(
      "store_failed",
      `cannot lock ${file}: ${error instanceof Error ? error.message : String(error)}; move it aside (it holds only the owning process id; the next start writes a new one)`,
      { cause: error },
    );
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      sqlite.close();
    },
  };
}
