import { type CatchUpRule, dueFire } from "./catch-up.js";
import { type CronSchedule, parseCronSchedule } from "./cron-schedule.js";
import { TriggerError } from "./trigger-error.js";
import type { TriggerStateStore } from "./trigger-state-store.js";

/**
 * Longest wait between two looks at the clock, in ms: one minute, the resolution of a five-field cron
 * expression, so a clock that jumps (suspend, NTP) is noticed within a tick.
 */
export const SCHEDULER_MAX_WAIT_MS = 60_000;

/** One schedule the scheduler runs: its name (the key of its state) and its cron expression. */
export interface ScheduledTrigger {
  name: string;
  /** A five-field cron expression. */
  cron: string;
  /** IANA zone of the expression; default the scheduler's `defaultTimeZone`. */
  timezone?: string;
  /** What a restart after missed fire times does; default `latest`. */
  catchUp?: CatchUpRule;
}

/** What the scheduler reports as it goes; `outcome` is what the run function resolved to. */
export type SchedulerEvent<Outcome> =
  | { type: "fired"; trigger: string; fireAt: Date; missed: number; outcome: Outcome }
  | { type: "skipped"; trigger: string; fireAt: Date; missed: number }
  | { type: "failed"; trigger: string; fireAt: Date; message: string };

/** Options of {@link createTriggerScheduler}. */
export interface TriggerSchedulerOptions<Outcome> {
  /** The schedules to run (enabled ones only: the scheduler runs every one it is given). */
  schedules: readonly ScheduledTrigger[];
  store: TriggerStateStore;
  /** The zone of a schedule without `timezone` (a host's own zone, typically). */
  defaultTimeZone: string;
  /** Runs one fire of the schedule named `name`; a rejection is reported as a `failed` event. */
  run: (name: string) => Promise<Outcome>;
  /** The clock; default the system clock. */
  now?: () => Date;
  onEvent?: (event: SchedulerEvent<Outcome>) => void;
}

/** Runs the schedules of one folder (one per folder: hold the scheduler lock while it runs). */
export interface TriggerScheduler<Outcome> {
  /** The next fire time of each schedule after now. */
  nextFireTimes(): { trigger: string; nextAt?: Date }[];
  /**
   * Looks at the clock once: each schedule with a due fire time claims it in the store (at most once per
   * fire time, even across restarts) and runs under its catch-up rule; a schedule whose previous run is
   * still going waits for the next look. Resolves when the runs it started have settled.
   */
  tick(): Promise<SchedulerEvent<Outcome>[]>;
  /** Ticks on timers until {@link TriggerScheduler.close}. */
  start(): void;
  /** Stops the timers and waits for runs in progress. */
  close(): Promise<void>;
}

/** A schedule with its parsed expression. */
export interface ParsedSchedule {
  schedule: ScheduledTrigger;
  cron: CronSchedule;
}

/**
 * Parses every schedule; throws TriggerError `invalid_schedule` / `invalid_time_zone` naming the
 * schedule (`trigger "<name>" (triggers.schedules.<name>): ...`).
 */
export function parseSchedules(
  schedules: readonly ScheduledTrigger[],
  defaultTimeZone: string,
): ParsedSchedule[] {
  return schedules.map((schedule) => {
    try {
      return { schedule, cron: parseCronSchedule(schedule.cron, schedule.timezone ?? defaultTimeZone) };
    } catch (error) {
      if (!TriggerError.isInstance(error)) throw error;
      throw new TriggerError(
        error.code,
        `trigger "${schedule.name}" (triggers.schedules.${schedule.name}): ${error.message}`,
        { cause: error },
      );
    }
  });
}

/**
 * A scheduler over `schedules`: each due fire time is claimed once in `store`, then `run` is called
 * for it. Nothing runs until {@link TriggerScheduler.tick} or {@link TriggerScheduler.start}.
 */
export function createTriggerScheduler<Outcome>(
  options: TriggerSchedulerOptions<Outcome>,
): TriggerScheduler<Outcome> {
  type Event = SchedulerEvent<Outcome>;
  const now = options.now ?? (() => new Date());
  const schedules = parseSchedules(options.schedules, options.defaultTimeZone);
  const running = new Map<string, Promise<unknown>>();
  const startedAt = now();
  for (const { schedule } of schedules) options.store.ensure(schedule.name, startedAt);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const report = (event: Event) => {
    options.onEvent?.(event);
    return event;
  };

  const fire = async ({ schedule, cron }: ParsedSchedule, instant: Date): Promise<Event | undefined> => {
    const name = schedule.name;
    if (running.has(name)) return undefined;
    const state = options.store.ensure(name, instant);
    const due = dueFire({
      schedule: cron,
      lastHandledAt: state.lastHandledAt,
      now: instant,
      catchUp: schedule.catchUp ?? "latest",
    });
    if (due.handledAt === undefined) return undefined;
    const fired = due.fireAt !== undefined;
    if (!options.store.claim(name, due.handledAt, { fired, missed: due.missed })) return undefined;
    if (!fired) return report({ type: "skipped", trigger: name, fireAt: due.handledAt, missed: due.missed });
    const fireAt = due.handledAt;
    const run = Promise.resolve()
      .then(() => options.run(name))
      .then(
        (outcome): Event => ({ type: "fired", trigger: name, fireAt, missed: due.missed, outcome }),
        (error: unknown): Event => ({
          type: "failed",
          trigger: name,
          fireAt,
          message: error instanceof Error ? error.message : String(error),
        }),
      );
    running.set(name, run);
    try {
      return report(await run);
    } finally {
      running.delete(name);
    }
  };

  const tick = async () => {
    const instant = now();
    const events = await Promise.all(schedules.map((schedule) => fire(schedule, instant)));
    return events.filter((event): event is Event => event !== undefined);
  };

  const waitMs = () => {
    const instant = now();
    const nexts = schedules
      .map(({ cron }) => cron.nextAfter(instant)?.getTime())
      .filter((at): at is number => at !== undefined);
    const soonest = nexts.length > 0 ? Math.min(...nexts) - instant.getTime() : SCHEDULER_MAX_WAIT_MS;
    return Math.max(0, Math.min(SCHEDULER_MAX_WAIT_MS, soonest));
  };

  const loop = () => {
    if (closed) return;
    timer = setTimeout(() => {
      // A tick never waits for runs: a long run must not delay other schedules.
      void tick().catch(() => {});
      loop();
    }, waitMs());
    (timer as { unref?: () => void }).unref?.();
  };

  return {
    nextFireTimes() {
      const instant = now();
      return schedules.map(({ schedule, cron }) => {
        const nextAt = cron.nextAfter(instant);
        return { trigger: schedule.name, ...(nextAt ? { nextAt } : {}) };
      });
    },
    tick,
    start() {
      if (timer === undefined && !closed) {
        void tick().catch(() => {});
        loop();
      }
    },
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      await Promise.allSettled([...running.values()]);
    },
  };
}
