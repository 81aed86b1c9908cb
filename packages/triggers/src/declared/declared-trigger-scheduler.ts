import {
  createTriggerScheduler,
  parseSchedules,
  type ScheduledTrigger,
  type SchedulerEvent,
  type TriggerScheduler,
} from "../trigger-scheduler.js";
import type { TriggerStateStore } from "../trigger-state-store.js";
import type { DeclaredTrigger } from "./declared-triggers.js";
import {
  runTrigger,
  type StartTriggerThread,
  type TriggerHost,
  type TriggerHostRunResult,
  type TriggerRunOutcome,
} from "./run-trigger.js";

/** What the scheduler of the declared triggers reports as it goes (serve prints it). */
export type DeclaredSchedulerEvent = SchedulerEvent<TriggerRunOutcome>;

/** The scheduler of the declared triggers: each fire is a {@link runTrigger}. */
export type DeclaredTriggerScheduler = TriggerScheduler<TriggerRunOutcome>;

/** Options of {@link createDeclaredTriggerScheduler}. */
export interface DeclaredTriggerSchedulerOptions<
  Event = unknown,
  Web = unknown,
  Result extends TriggerHostRunResult = TriggerHostRunResult,
> {
  app: TriggerHost<Event, Web, Result>;
  /** The declared triggers; only enabled schedules are run. */
  triggers: readonly DeclaredTrigger[];
  store: TriggerStateStore;
  /** The zone of a schedule without `timezone`: the host's. */
  defaultTimeZone: string;
  /** The clock; default the system clock. */
  now?: () => Date;
  startTriggerThread?: StartTriggerThread<Web, Result>;
  onEvent?: (event: DeclaredSchedulerEvent) => void;
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
export function parseDeclaredSchedules(triggers: readonly DeclaredTrigger[], defaultTimeZone: string): void {
  parseSchedules(enabledSchedules(triggers), defaultTimeZone);
}

/** The package's scheduler over the enabled schedules, each fire running its trigger on `app`. */
export function createDeclaredTriggerScheduler<Event, Web, Result extends TriggerHostRunResult>(
  options: DeclaredTriggerSchedulerOptions<Event, Web, Result>,
): DeclaredTriggerScheduler {
  const byName = new Map(options.triggers.map((trigger) => [trigger.name, trigger] as const));
  return createTriggerScheduler<TriggerRunOutcome>({
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
