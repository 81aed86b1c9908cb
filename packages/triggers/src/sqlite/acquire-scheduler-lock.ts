import { chmodSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { TriggerError } from "../trigger-error.js";
import { ensureTriggerStateDir } from "./open-trigger-state-store.js";

/** The lock file inside the state directory: it holds only the owning process id. */
export const SCHEDULER_LOCK_FILE = "scheduler-owner.lock";

/** The ownership of a folder's schedules: held until {@link SchedulerLock.release} or the process dies. */
export interface SchedulerLock {
  release(): void;
}

/**
 * Takes the ownership of running the schedules of `stateDir`: an exclusive SQLite lock, which the
 * operating system drops when the process dies (a restart after kill -9 takes it at once). Throws
 * `store_locked` naming the owner's process id when another live process holds it.
 */
export function acquireSchedulerLock(stateDir: string): SchedulerLock {
  const file = join(stateDir, SCHEDULER_LOCK_FILE);
  let sqlite: Database.Database;
  try {
    ensureTriggerStateDir(stateDir);
    sqlite = new Database(file);
    chmodSync(file, 0o600);
  } catch (error) {
    throw new TriggerError(
      "store_failed",
      `cannot open ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  try {
    sqlite.pragma("busy_timeout = 0");
    sqlite.pragma("locking_mode = EXCLUSIVE");
    sqlite.exec(
      `BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS owner (pid INTEGER NOT NULL); DELETE FROM owner; INSERT INTO owner VALUES (${process.pid}); COMMIT;`,
    );
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY")
      throw new TriggerError(
        "store_locked",
        `another mono-agent process runs the triggers of this folder (lock ${file}); stop it first: only one serve may run one folder's schedules and webhooks`,
        { cause: error },
      );
    throw new TriggerError(
      "store_failed",
      `cannot lock ${file}: ${error instanceof Error ? error.message : String(error)}; move it aside (it holds only the owning process id)`,
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
