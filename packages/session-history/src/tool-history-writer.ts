import { FAILURE_COOLDOWN_INITIAL_MS, FAILURE_COOLDOWN_MAX_MS } from "./limits.js";
import type { ToolLifecycleWrite } from "./tool-lifecycle-write.js";
import type { PersistenceErrorCode, PersistenceResult } from "./tool-record.js";

/** What {@link ToolHistoryWriter.drain} found. */
export interface DrainReport {
  /** True when every write handed over before the drain has settled. */
  drained: boolean;
  /** Writes still in flight when the bound ran out. */
  pending: number;
}

/** Counts of write outcomes since the writer started (deferred writes also count once they settle). */
export interface WriterStatistics {
  persisted: number;
  deferred: number;
  failed: number;
  /** Writes refused without an attempt during a cooldown. */
  failedFast: number;
}

/**
 * The event-side writer of the sidecar, on either engine. `write` resolves within the foreground
 * ceiling: `persisted` when the write committed in time, `failed` for a definitive rejection, else
 * `deferred` (the write goes on; settle it with `drain`). After a failure, writes fail fast for a
 * cooldown of 30 s that doubles per failed probe up to 5 min; a success resets it.
 */
export interface ToolHistoryWriter {
  /** This writer's owner id in the sidecar (its unfinished calls count as alive while it is open). */
  readonly ownerId: string;
  write(write: ToolLifecycleWrite): Promise<PersistenceResult>;
  /** Waits for writes handed over so far, at most `timeoutMs`. */
  drain(timeoutMs?: number): Promise<DrainReport>;
  /** Runs one bounded retention pass. */
  maintain(): Promise<PersistenceResult>;
  statistics(): WriterStatistics;
  /** Drains (bounded), marks this owner closed and lets go of the engine. Idempotent. */
  close(timeoutMs?: number): Promise<void>;
}

/** How one write ended in the engine. */
export type WriteOutcome = { ok: true } | { ok: false; errorCode: PersistenceErrorCode };

/**
 * The engine-neutral half of a writer: the foreground ceiling, the failure cooldown, the statistics and
 * the bounded drain. An engine hands each write's settled outcome to `track`; `refusal` says whether a
 * new write is refused without an attempt (writer closed, or in a cooldown).
 */
export interface WriteTracker {
  /** The answer for a write refused up front, or undefined when it may be attempted. */
  refusal(closed: boolean): PersistenceResult | undefined;
  /** Answers within the foreground ceiling; the outcome also feeds the cooldown and the statistics. */
  track(settled: Promise<WriteOutcome>): Promise<PersistenceResult>;
  /** Waits for the writes tracked so far, at most `timeoutMs`. */
  drain(timeoutMs: number): Promise<DrainReport>;
  statistics(): WriterStatistics;
}

/** A {@link WriteTracker} with the given foreground ceiling and clock. */
export function createWriteTracker(options: {
  foregroundTimeoutMs: number;
  now: () => number;
}): WriteTracker {
  const { foregroundTimeoutMs, now } = options;
  const statistics: WriterStatistics = { persisted: 0, deferred: 0, failed: 0, failedFast: 0 };
  const pending = new Set<Promise<WriteOutcome>>();
  let cooldownMs = 0;
  let cooldownUntil = 0;

  const noteOutcome = (outcome: WriteOutcome) => {
    if (outcome.ok) {
      cooldownMs = 0;
      cooldownUntil = 0;
      statistics.persisted += 1;
      return;
    }
    statistics.failed += 1;
    // A conflict is the caller's mistake, not the engine's health; a failure inside a cooldown is the
    // same outage.
    if (outcome.errorCode === "history_idempotency_conflict" || cooldownUntil > now()) return;
    cooldownMs =
      cooldownMs === 0 ? FAILURE_COOLDOWN_INITIAL_MS : Math.min(cooldownMs * 2, FAILURE_COOLDOWN_MAX_MS);
    cooldownUntil = now() + cooldownMs;
  };

  return {
    refusal(closed) {
      if (closed) return { persistence: "failed", errorCode: "history_writer_closed" };
      if (cooldownUntil <= now()) return undefined;
      statistics.failedFast += 1;
      return { persistence: "failed", errorCode: "history_write_failed" };
    },
    track(settled) {
      pending.add(settled);
      void settled.then((outcome) => {
        pending.delete(settled);
        noteOutcome(outcome);
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const ceiling = new Promise<PersistenceResult>((resolveCeiling) => {
        timer = setTimeout(() => {
          statistics.deferred += 1;
          resolveCeiling({ persistence: "deferred", errorCode: "history_persistence_timeout" });
        }, foregroundTimeoutMs);
      });
      const answered = settled.then(
        (outcome): PersistenceResult =>
          outcome.ok ? { persistence: "persisted" } : { persistence: "failed", errorCode: outcome.errorCode },
      );
      return Promise.race([answered, ceiling]).finally(() => clearTimeout(timer));
    },
    async drain(timeoutMs) {
      const current = [...pending];
      if (current.length === 0) return { drained: true, pending: 0 };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const outOfTime = new Promise<false>((resolveTimeout) => {
        timer = setTimeout(() => resolveTimeout(false), timeoutMs);
      });
      const drained = await Promise.race([Promise.all(current).then(() => true as const), outOfTime]);
      clearTimeout(timer);
      return { drained, pending: drained ? 0 : pending.size };
    },
    statistics: () => ({ ...statistics }),
  };
}
