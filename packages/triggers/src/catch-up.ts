import type { CronSchedule } from "./cron-schedule.js";

/**
 * What a schedule does about fire times missed while no host ran it (downtime, a restart across a tick):
 * - `latest` (default): run once for the newest missed time, never once per missed time;
 * - `skip`: run only when the newest due time is at most {@link ON_TIME_WINDOW_MS} old; older ones are
 *   recorded as skipped.
 * Either way each fire time runs at most once: it is claimed in the state store before its run starts.
 */
export type CatchUpRule = "latest" | "skip";

/**
 * How late a fire may still start and count as on time, in ms: one minute, the resolution of a
 * five-field cron expression, so a host busy for a few seconds at the tick does not lose it under `skip`.
 */
export const ON_TIME_WINDOW_MS = 60_000;

/** The decision of one schedule at one instant. */
export interface DueFire {
  /** The fire time to run now (claim it first), if any. */
  fireAt?: Date;
  /** The fire time to record as handled: the newest due one (also when it is skipped). */
  handledAt?: Date;
  /** Due fire times not run: all but the newest under `latest`, all of them under `skip` when late. */
  missed: number;
}

/** Most missed fire times counted one by one; beyond it the count says "at least" this many. */
export const MISSED_COUNT_LIMIT = 1_000;

/**
 * Decides what a schedule runs at `now`, given the last fire time handled (`lastHandledAt`, from the
 * state store; a schedule seen for the first time passes the instant it was first seen, so it never
 * fires for times before it existed). Due are the fire times in (`lastHandledAt`, `now`].
 */
export function dueFire(input: {
  schedule: CronSchedule;
  lastHandledAt: Date;
  now: Date;
  catchUp: CatchUpRule;
}): DueFire {
  const newest = input.schedule.latestAtOrBefore(input.now);
  if (newest === undefined || newest.getTime() <= input.lastHandledAt.getTime()) return { missed: 0 };
  let dueCount = 0;
  for (
    let at = input.schedule.nextAfter(input.lastHandledAt);
    at !== undefined && at.getTime() <= newest.getTime() && dueCount < MISSED_COUNT_LIMIT;
    at = input.schedule.nextAfter(at)
  )
    dueCount += 1;
  const late = input.now.getTime() - newest.getTime() > ON_TIME_WINDOW_MS;
  if (input.catchUp === "skip" && late) return { handledAt: newest, missed: dueCount };
  return { fireAt: newest, handledAt: newest, missed: Math.max(0, dueCount - 1) };
}
