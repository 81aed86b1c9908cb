import { PROCESS_DEATH_FAILURE_KIND } from "../run-status.js";
import type { RunOwner, RunStore } from "../run-store.js";
import { currentRunOwner, isRunOwnerAlive } from "./process-owner.js";
import { removeEventsTempFiles } from "./run-events-file.js";

/** Options of {@link reconcileInterruptedRuns}. */
export interface ReconcileInterruptedRunsOptions {
  store: RunStore;
  /** Where the runs' events files are (temp files of a dead writer are removed). */
  artifactsDir: string;
  /** This process; default {@link currentRunOwner}. Its own runs are never touched. */
  self?: RunOwner;
  /** Liveness check; default {@link isRunOwnerAlive}. */
  isAlive?: (owner: RunOwner, self: RunOwner) => boolean;
  /** Clock in Unix milliseconds; default `Date.now`. */
  now?: () => number;
}

/** What reconciliation did. */
export interface ReconcileReport {
  /** Runs set to `interrupted` (`process_death`). */
  interrupted: string[];
  /** `running` runs left alone because their process may still be running (this one, another, another host). */
  live: number;
}

/**
 * Marks runs left `running` by a process that is gone as `interrupted` with failure kind
 * `process_death` (their checkpointed events stay readable). A run of a live process, of this
 * process, or of another host is never touched; a run that settled meanwhile is left as it is.
 */
export async function reconcileInterruptedRuns(
  options: ReconcileInterruptedRunsOptions,
): Promise<ReconcileReport> {
  const self = options.self ?? currentRunOwner();
  const isAlive = options.isAlive ?? isRunOwnerAlive;
  const running = await options.store.listRunningRuns();
  const dead = running.filter((run) => !isAlive(run.owner, self));
  const interrupted = await options.store.markInterrupted(
    dead.map((run) => run.runId),
    {
      failureKind: PROCESS_DEATH_FAILURE_KIND,
      error:
        "The process running this run ended before the run settled; events up to the last checkpoint were kept.",
      nowMs: (options.now ?? Date.now)(),
    },
  );
  await Promise.all(interrupted.map((runId) => removeEventsTempFiles(options.artifactsDir, runId)));
  return { interrupted, live: running.length - dead.length };
}
