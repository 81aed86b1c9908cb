import {
  type CronSchedule,
  dueFire,
  parseCronSchedule,
  TriggerError,
  type TriggerStateStore,
} from "@mono-agent/triggers";
import type { MonoAgentApp } from "../start-mono-agent-app.js";
import type { DeclaredTrigger } from "./declared-triggers.js";
import { runTrigger, type StartTriggerThread, type TriggerRunOutcome } from "./run-trigger.js";

/**
 * Longest wait between two looks at the clock, in ms: one minute, the resolution of a five-field cron
 * expression, so a clock that jumps (suspend, NTP) is noticed within a tick.
 */
export const SCHEDULER_MAX_WAIT_MS = 60_000;

/** What the scheduler reports as it goes (serve prints it). */
export type SchedulerEvent =
  | { type: "fired"; trigger: string; fireAt: Date; missed: number; outcome: TriggerRunOutcome }
  | { type: "skipped"; trigger: string; fireAt: Date; missed: number }
  | { type: "failed"; trigger: string; fireAt: Date; message: string };

/** Options of {@link createTriggerScheduler}. */
export interface TriggerSchedulerOptions {
  app: MonoAgentApp;
  /** The declared triggers; only enabled schedules are run. */
  triggers: readonly DeclaredTrigger[];
  store: TriggerStateStore;
  /** The zone of a schedule without `timezone`: the host's. */
  defaultTimeZone: string;
  /** The clock; default the system clock. */
  now?: () => Date;
  startTriggerThread?: StartTriggerThread;
  onEvent?: (event: SchedulerEvent) => void;
}

/** Runs the schedules of one folder (one per folder: hold the scheduler lock while it runs). */
export interface TriggerScheduler {
  /** The next fire time of each enabled schedule after now. */
  nextFireTimes(): { trigger: string; nextAt?: Date }[];
  /**
   * Looks at the clock once: each schedule with a due fire time claims it in the store (at most once per
   * fire time, even across restarts) and runs under its catch-up rule; a schedule whose previous run is
   * still going waits for the next look. Resolves when the runs it started have settled.
   */
  tick(): Promise<SchedulerEvent[]>;
  /** Ticks on timers until {@link close}. */
  start(): void;
  /** Stops the timers and waits for runs in progress. */
  close(): Promise<void>;
}

interface ParsedSchedule {
  trigger: DeclaredTrigger;
  cron: CronSchedule;
}

/** Parses every enabled schedule; throws `invalid_schedule` / `invalid_time_zone` naming the trigger. */
export function parseSchedules(
  triggers: readonly DeclaredTrigger[],
  defaultTimeZone: string,
): ParsedSchedule[] {
  return triggers
    .filter((trigger) => trigger.kind === "schedule" && trigger.enabled && trigger.schedule)
    .map((trigger) => {
      const schedule = trigger.schedule as NonNullable<DeclaredTrigger["schedule"]>;
      try {
        return { trigger, cron: parseCronSchedule(schedule.cron, schedule.timezone ?? defaultTimeZone) };
      } catch (error) {
        if (!TriggerError.isInstance(error)) throw error;
        throw new TriggerError(
          error.code,
          `trigger "${trigger.name}" (triggers.schedules.${trigger.name}): ${error.message}`,
          {
            cause: error,
          },
        );
      }
    });
}

export function createTriggerScheduler(options: TriggerSchedulerOptions): TriggerScheduler {
  const now = options.now ?? (() => new Date());
  const schedules = parseSchedules(options.triggers, options.defaultTimeZone);
  const running = new Map<string, Promise<unknown>>();
  const startedAt = now();
  for (const { trigger } of schedules) options.store.ensure(trigger.name, startedAt);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const report = (event: SchedulerEvent) => {
    options.onEvent?.(event);
    return event;
  };

  const fire = async (
    { trigger, cron }: ParsedSchedule,
    instant: Date,
  ): Promise<SchedulerEvent | undefined> => {
    if (running.has(trigger.name)) return undefined;
    const state = options.store.ensure(trigger.name, instant);
    const due = dueFire({
      schedule: cron,
      lastHandledAt: state.lastHandledAt,
      now: instant,
      catchUp: trigger.schedule?.catchUp ?? "latest",
    });
    if (due.handledAt === undefined) return undefined;
    const fired = due.fireAt !== undefined;
    if (!options.store.claim(trigger.name, due.handledAt, { fired, missed: due.missed })) return undefined;
    if (!fired)
      return report({ type: "skipped", trigger: trigger.name, fireAt: due.handledAt, missed: due.missed });
    const fireAt = due.handledAt;
    const run = runTrigger({
      app: options.app,
      trigger,
      ...(options.startTriggerThread ? { startTriggerThread: options.startTriggerThread } : {}),
    }).then(
      (outcome): SchedulerEvent => ({
        type: "fired",
        trigger: trigger.name,
        fireAt,
        missed: due.missed,
        outcome,
      }),
      (error: unknown): SchedulerEvent => ({
        type: "failed",
        trigger: trigger.name,
        fireAt,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
    running.set(trigger.name, run);
    try {
      return report(await run);
    } finally {
      running.delete(trigger.name);
    }
  };

  const tick = async () => {
    const instant = now();
    const events = await Promise.all(schedules.map((schedule) => fire(schedule, instant)));
    return events.filter((event): event is SchedulerEvent => event !== undefined);
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
    timer.unref?.();
  };

  return {
    nextFireTimes() {
      const instant = now();
      return schedules.map(({ trigger, cron }) => {
        const nextAt = cron.nextAfter(instant);
        return { trigger: trigger.name, ...(nextAt ? { nextAt } : {}) };
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
