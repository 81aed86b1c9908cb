/** What the state store knows of one schedule. */
export interface ScheduleState {
  name: string;
  /** The newest fire time handled (run or skipped), or the instant the schedule was first seen. */
  lastHandledAt: Date;
  /** The newest fire time that started a run. */
  lastFiredAt?: Date;
  /** Fire times not run because of the catch-up rule, over the schedule's life. */
  missedTotal: number;
}

/**
 * The persisted state of the schedules: the last fire time each one handled. A store interface, so a
 * host can keep it elsewhere (the SQLite implementation is `@mono-agent/triggers/sqlite`).
 */
export interface TriggerStateStore {
  /** The schedule's state, or undefined for a schedule never seen. */
  get(name: string): ScheduleState | undefined;
  /** Records `firstSeenAt` as the baseline of a schedule not seen before; returns the state it has now. */
  ensure(name: string, firstSeenAt: Date): ScheduleState;
  /**
   * Claims fire time `handledAt` of a schedule: only when its recorded `lastHandledAt` is older (compare
   * and set in one transaction, so a fire time is claimed once even by two hosts sharing the store).
   * `fired` says whether a run starts for it; `missed` adds to the missed total. Returns true when claimed.
   */
  claim(name: string, handledAt: Date, outcome: { fired: boolean; missed: number }): boolean;
  list(): ScheduleState[];
  close(): void;
}
