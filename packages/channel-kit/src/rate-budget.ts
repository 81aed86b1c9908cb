/**
 * What a send is for. `stream` sends (interim edits of an answer being written, status lines) give way;
 * `priority` sends (asks, approvals, final answers, continuation deliveries) use the reserved room.
 */
export type SendPriority = "stream" | "priority";

/** Options of {@link createRateBudget}. */
export interface RateBudgetOptions {
  /** Sends one destination may make per window. */
  capacity: number;
  /** Length of the sliding window, in ms. */
  windowMs: number;
  /** Of `capacity`, the sends that only `priority` sends may use. */
  reserved: number;
  /** Clock in ms (tests inject one). Default `Date.now`. */
  now?: () => number;
}

/** A per-destination budget of sends over a sliding window. */
export interface RateBudget {
  /** Takes one send for `destination` if the budget has room for that priority; false leaves it unchanged. */
  tryTake(destination: string, priority: SendPriority): boolean;
  /** Ms until `tryTake(destination, priority)` can succeed (0: now). */
  waitMs(destination: string, priority: SendPriority): number;
}

/** Destinations tracked at once before the idlest are forgotten: a bound on memory, far above live chats. */
export const RATE_BUDGET_MAX_DESTINATIONS = 10_000;

/**
 * A sliding-window budget per destination (a Slack channel, a Telegram chat): at most `capacity` sends per
 * `windowMs`, of which `reserved` are kept for `priority` sends, so a streamed answer can never use up the
 * room an ask, an approval or the final answer needs.
 */
export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const { capacity, windowMs, reserved } = options;
  if (!(capacity >= 1 && reserved >= 0 && reserved < capacity && windowMs > 0))
    throw new RangeError("a rate budget needs capacity >= 1, 0 <= reserved < capacity and windowMs > 0");
  const now = options.now ?? Date.now;
  const sends = new Map<string, number[]>();
  const recent = (destination: string): number[] => {
    const cutoff = now() - windowMs;
    const times = (sends.get(destination) ?? []).filter((time) => time > cutoff);
    sends.delete(destination);
    if (sends.size >= RATE_BUDGET_MAX_DESTINATIONS) {
      const oldest = sends.keys().next().value;
      if (oldest !== undefined) sends.delete(oldest);
    }
    sends.set(destination, times);
    return times;
  };
  const limitOf = (priority: SendPriority) => (priority === "priority" ? capacity : capacity - reserved);
  return {
    tryTake(destination, priority) {
      const times = recent(destination);
      if (times.length >= limitOf(priority)) return false;
      times.push(now());
      return true;
    },
    waitMs(destination, priority) {
      const times = recent(destination);
      const over = times.length - limitOf(priority);
      if (over < 0) return 0;
      return Math.max(0, (times[over] as number) + windowMs - now());
    },
  };
}
