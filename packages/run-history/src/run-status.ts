/** Every status a recorded run can have: reference §4.1. */
export const RUN_STATUSES = ["running", "succeeded", "failed", "cancelled", "interrupted"] as const;

/**
 * Status of a recorded run: `running` until it settles; `succeeded`, `failed` or `cancelled` when its
 * process settled it; `interrupted` when its process died first (set by reconciliation on a later start).
 */
export type RunStatus = (typeof RUN_STATUSES)[number];

/** A status a run never leaves. */
export type TerminalRunStatus = Exclude<RunStatus, "running">;

/** Failure kind of a run whose process died while it was `running`: reference §4.1. */
export const PROCESS_DEATH_FAILURE_KIND = "process_death";

/** True for one of {@link RUN_STATUSES}. */
export function isRunStatus(value: unknown): value is RunStatus {
  return typeof value === "string" && (RUN_STATUSES as readonly string[]).includes(value);
}

/** True for every status except `running`. */
export function isTerminalRunStatus(status: RunStatus): status is TerminalRunStatus {
  return status !== "running";
}
