/**
 * Most runs one webhook trigger starts in a minute; one more is answered 429 `webhook_rate_limited`
 * (Retry-After until a slot frees). 30 a minute is far beyond a deploy or CI hook (a few per change) and
 * far below what would turn a flood of valid calls into a storm of model runs.
 */
export const WEBHOOK_RUNS_PER_MINUTE_MAX = 30;

/** The window of {@link WEBHOOK_RUNS_PER_MINUTE_MAX}, in ms. */
const RATE_WINDOW_MS = 60_000;

/** A sliding one-minute window of run starts per trigger. */
export interface WebhookRunRate {
  /** Seconds until `trigger` may start a run at `now` (0: it may now). */
  waitSeconds(trigger: string, now: Date): number;
  /** Counts a run start of `trigger` at `now`; the returned function takes it back (no run started). */
  take(trigger: string, now: Date): () => void;
}

/** The run starts of each trigger in the last minute, at most `perMinute` kept per trigger. */
export function createWebhookRunRate(perMinute: number = WEBHOOK_RUNS_PER_MINUTE_MAX): WebhookRunRate {
  const starts = new Map<string, number[]>();
  const recent = (trigger: string, now: Date) => {
    const kept = (starts.get(trigger) ?? []).filter((at) => at > now.getTime() - RATE_WINDOW_MS);
    starts.set(trigger, kept);
    return kept;
  };
  return {
    waitSeconds(trigger, now) {
      const kept = recent(trigger, now);
      if (kept.length < perMinute) return 0;
      const oldest = kept[kept.length - perMinute] ?? now.getTime();
      return Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now.getTime()) / 1_000));
    },
    take(trigger, now) {
      const kept = recent(trigger, now);
      const at = now.getTime();
      kept.push(at);
      if (kept.length > perMinute) kept.splice(0, kept.length - perMinute);
      return () => {
        const list = starts.get(trigger) ?? [];
        const index = list.lastIndexOf(at);
        if (index >= 0) list.splice(index, 1);
      };
    },
  };
}
