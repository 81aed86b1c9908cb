import { Cron } from "croner";
import { TriggerError } from "./trigger-error.js";

/** A parsed cron expression in one IANA time zone. */
export interface CronSchedule {
  readonly expression: string;
  readonly timeZone: string;
  /** The first fire time strictly after `instant`, or undefined when the schedule never fires again. */
  nextAfter(instant: Date): Date | undefined;
  /** The newest fire time at or before `instant`, or undefined when there is none. */
  latestAtOrBefore(instant: Date): Date | undefined;
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses a cron expression with croner: five fields (minute hour day-of-month month day-of-week) or six
 * (seconds first), names (`MON`, `JAN`) and nicknames (`@daily`, `@hourly`) accepted, evaluated in
 * `timeZone` (daylight-saving gaps and repeats handled by croner). Throws `invalid_time_zone` for a zone
 * `Intl` does not know and `invalid_schedule` for an expression croner refuses or that never fires.
 */
export function parseCronSchedule(expression: string, timeZone: string): CronSchedule {
  if (!isTimeZone(timeZone))
    throw new TriggerError(
      "invalid_time_zone",
      `time zone ${JSON.stringify(timeZone)} is not known; use an IANA zone such as Europe/Amsterdam or UTC`,
    );
  let cron: Cron;
  try {
    cron = new Cron(expression, { timezone: timeZone, paused: true });
  } catch (error) {
    throw new TriggerError(
      "invalid_schedule",
      `cron expression ${JSON.stringify(expression)} is not accepted (${error instanceof Error ? error.message : String(error)}); use five fields "minute hour day-of-month month day-of-week" such as "0 9 * * 1-5"`,
      { cause: error },
    );
  }
  if (cron.nextRun(new Date(0)) === null)
    throw new TriggerError(
      "invalid_schedule",
      `cron expression ${JSON.stringify(expression)} never fires; check the day and month fields`,
    );
  return {
    expression,
    timeZone,
    nextAfter: (instant) => cron.nextRun(instant) ?? undefined,
    latestAtOrBefore(instant) {
      // previousRuns looks strictly before its reference: one millisecond later includes `instant` itself.
      const [latest] = cron.previousRuns(1, new Date(instant.getTime() + 1));
      return latest;
    },
  };
}
