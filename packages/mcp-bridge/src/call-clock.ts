import type { PersonWaits } from "./person-waits.js";

/** Longest single timer Node holds, in ms (2^31-1; a longer setTimeout fires at once). */
export const LONGEST_TIMER_MS = 2_147_483_647;

/** What {@link startCallClock} watches. */
export interface CallClockOptions {
  /** Idle timeout: time without progress, in ms; undefined = none (a task call polls on its own). */
  idleMs?: number;
  /** Absolute cap of the call, in ms. */
  totalMs: number;
  /** The server's elicitations waiting for a person: both clocks stop while any is pending. */
  waits?: PersonWaits;
  onIdle(): void;
  onTimeLimit(): void;
}

/** A running call clock. */
export interface CallClock {
  /** News from the server (progress): the idle timeout starts again. */
  touch(): void;
  /** Clears the timers. Idempotent. */
  stop(): void;
}

/**
 * The idle and time-limit clocks of one tool call. While the server waits for a person (an elicitation
 * pending), neither runs: the time-limit budget keeps what was left, and the idle timeout starts afresh
 * when the last wait ends (an answer is news, like progress).
 */
export function startCallClock(options: CallClockOptions): CallClock {
  let totalLeft = options.totalMs;
  let runningSince = Date.now();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let totalTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const clear = () => {
    clearTimeout(idleTimer);
    clearTimeout(totalTimer);
    idleTimer = undefined;
    totalTimer = undefined;
  };
  const armIdle = () => {
    clearTimeout(idleTimer);
    if (options.idleMs !== undefined)
      idleTimer = setTimeout(options.onIdle, Math.min(options.idleMs, LONGEST_TIMER_MS));
  };
  const run = () => {
    runningSince = Date.now();
    armIdle();
    totalTimer = setTimeout(options.onTimeLimit, Math.max(0, Math.min(totalLeft, LONGEST_TIMER_MS)));
  };
  const paused = () => (options.waits?.pending ?? 0) > 0;
  let wasPaused = paused();
  const onWaitsChanged = () => {
    if (stopped) return;
    const now = paused();
    if (now === wasPaused) return;
    wasPaused = now;
    if (now) {
      totalLeft -= Date.now() - runningSince;
      clear();
    } else run();
  };
  const unsubscribe = options.waits?.subscribe(onWaitsChanged);
  if (!wasPaused) run();
  return {
    touch() {
      if (!stopped && !paused()) armIdle();
    },
    stop() {
      stopped = true;
      clear();
      unsubscribe?.();
    },
  };
}
