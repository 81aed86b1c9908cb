import {
  createTriggerScheduler as createScheduler,
  parseSchedules as parseScheduled,
  type ScheduledTrigger,
  type SchedulerEvent as SchedulerEventOf,
  type TriggerScheduler as TriggerSchedulerOf,
  type TriggerStateStore,
} from "@mono-agent/triggers";
import type { MonoAgentApp } from "../start-mono-agent-app.js";
import type { DeclaredTrigger } from "./declared-triggers.js";
import { runTrigger, type StartTriggerThread, type TriggerRunOutcome } from "./run-trigger.js";

/** What the scheduler reports as it goes (serve prints it). */
export type SchedulerEvent = SchedulerEventOf<TriggerRunOutcome>;

/** The app's scheduler: each fire is a {@link runTrigger}. */
export type TriggerScheduler = TriggerSchedulerOf<TriggerRunOutcome>;

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

/** The enabled schedules of `triggers`, as the package's scheduler takes them. */
function enabledSchedules(triggers: readonly DeclaredTrigger[]): ScheduledTrigger[] {
  return triggers.flatMap((trigger) =>
    trigger.kind === "schedule" && trigger.enabled && trigger.schedule
      ? [
          {
            name: trigger.name,
            cron: trigger.schedule.cron,
            ...(trigger.schedule.timezone !== undefined ? { timezone: trigger.schedule.timezone } : {}),
            ...(trigger.schedule.catchUp !== undefined ? { catchUp: trigger.schedule.catchUp } : {}),
          },
        ]
      : [],
  );
}

/** Parses every enabled schedule; throws `invalid_schedule` / `invalid_time_zone` naming the trigger. */
export function parseSchedules(triggers: readonly DeclaredTrigger[], defaultTimeZone: string): void {
  parseScheduled(enabledSchedules(triggers), defaultTimeZone);
}

/** The package's scheduler over the enabled schedules, each fire running its trigger on `app`. */
export function createTriggerScheduler(options: TriggerSchedulerOptions): TriggerScheduler {
  const byName = new Map(options.triggers.map((trigger) => [trigger.name, trigger] as const));
  return createScheduler<TriggerRunOutcome>({
    schedules: enabledSchedules(options.triggers),
    store: options.store,
    defaultTimeZone: options.defaultTimeZone,
    ...(options.now ? { now: options.now } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    run: (name) =>
      runTrigger({
        app: options.app,
        trigger: byName.get(name) as DeclaredTrigger,
        ...(options.startTriggerThread ? { startTriggerThread: options.startTriggerThread } : {}),
      }),
  });
}
