import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { FAILURE_COOLDOWN_INITIAL_MS, FAILURE_COOLDOWN_MAX_MS, FOREGROUND_TIMEOUT_MS } from "../limits.js";
import type {
  DrainReport,
  ToolHistoryWriter,
  WriterStatistics,
} from "../sqlite/start-tool-history-writer.js";
import type { ToolLifecycleWrite } from "../tool-lifecycle-write.js";
import type { PersistenceErrorCode, PersistenceResult } from "../tool-record.js";
import type { PostgresToolHistoryStore } from "./open-postgres-tool-history-store.js";

/** Most writes committed in one batch (one multi-row statement per phase). */
export const POSTGRES_WRITE_BATCH_MAX = 500;

/** Batches in flight at once (on different calls); a call's writes are committed in order, one batch at a time. */
export const POSTGRES_WRITE_BATCHES_IN_FLIGHT = 4;

/** Default bound of `drain` and of `close`, in ms (as the SQLite writer's). */
const SETTLE_TIMEOUT_MS = 5_000;

/** Options of {@link startPostgresToolHistoryWriter}. */
export interface PostgresToolHistoryWriterOptions {
  /** The shared store the writes go to; it stays the caller's (close the writer before its pool). */
  store: PostgresToolHistoryStore;
  /** Foreground ceiling per write, in ms. Default {@link FOREGROUND_TIMEOUT_MS} (250). */
  foregroundTimeoutMs?: number;
  /** This host's name in the owner table (crash recovery checks processes of its own host only). Default `os.hostname()`. */
  host?: string;
  /** Clock in ms (tests move the cooldown). Default `Date.now`. */
  now?: () => number;
}

type Outcome = { ok: true } | { ok: false; errorCode: PersistenceErrorCode };

interface Queued {
  write: ToolLifecycleWrite;
  /** The call the write belongs to: writes of one call are never in two batches in flight. */
  call: string;
  settle: (outcome: Outcome) => void;
}

/**
 * The event-side writer on PostgreSQL, with the interface of the SQLite worker writer: writes queue in
 * memory and are committed in batches (group commit: what queued meanwhile, one multi-row statement per
 * phase), up to {@link POSTGRES_WRITE_BATCHES_IN_FLIGHT} batches at once on different calls, so a run
 * never waits on a round trip per call and one call's writes land in order. `write` resolves within the foreground ceiling
 * (`persisted`, `failed`, else `deferred`, settled by `drain`); after a failure, writes fail fast for a
 * cooldown of 30 s doubling up to 5 min, as in SQLite. `close` flushes what is queued, marks the owner
 * closed and leaves the pool open.
 */
export function startPostgresToolHistoryWriter(options: PostgresToolHistoryWriterOptions): ToolHistoryWriter {
  const { store } = options;
  const now = options.now ?? Date.now;
  const foregroundTimeoutMs = options.foregroundTimeoutMs ?? FOREGROUND_TIMEOUT_MS;
  const ownerId = randomUUID();
  const registered = store.registerOwner(ownerId, options.host ?? hostname(), process.pid, now());
  registered.catch(() => {});
  const statistics: WriterStatistics = { persisted: 0, deferred: 0, failed: 0, failedFast: 0 };
  const pending = new Set<Promise<Outcome>>();
  let queue: Queued[] = [];
  let scheduled = false;
  let inFlight = 0;
  const busyCalls = new Set<string>();
  let closed = false;
  let cooldownMs = 0;
  let cooldownUntil = 0;

  const commit = async (batch: Queued[]) => {
    let outcomes: Outcome[];
    try {
      await registered;
      const results = await store.writeBatch(
        batch.map((entry) => entry.write),
        ownerId,
      );
      outcomes = results.map((result) =>
        result.ok
          ? { ok: true }
          : {
              ok: false,
              errorCode: result.conflict ? "history_idempotency_conflict" : "history_write_failed",
            },
      );
    } catch {
      outcomes = batch.map(() => ({ ok: false, errorCode: "history_write_failed" }));
    }
    for (const [index, entry] of batch.entries())
      entry.settle(outcomes[index] ?? { ok: false, errorCode: "history_write_failed" });
  };
  /** Starts batches while fewer than the bound are in flight; a write waits while its call is in one. */
  const pump = () => {
    scheduled = false;
    while (inFlight < POSTGRES_WRITE_BATCHES_IN_FLIGHT && queue.length > 0) {
      const batch: Queued[] = [];
      const waiting: Queued[] = [];
      for (const entry of queue) {
        if (batch.length < POSTGRES_WRITE_BATCH_MAX && !busyCalls.has(entry.call)) batch.push(entry);
        else waiting.push(entry);
      }
      if (batch.length === 0) return;
      queue = waiting;
      const calls = new Set(batch.map((entry) => entry.call));
      for (const call of calls) busyCalls.add(call);
      inFlight += 1;
      void commit(batch).finally(() => {
        for (const call of calls) busyCalls.delete(call);
        inFlight -= 1;
        pump();
      });
    }
  };
  const enqueue = (write: ToolLifecycleWrite): Promise<Outcome> =>
    new Promise((settle) => {
      queue.push({
        write,
        call: `${write.conversationId}\u0000${write.runId}\u0000${write.toolCallId}`,
        settle,
      });
      // Writes of the same turn join one batch.
      if (!scheduled) {
        scheduled = true;
        setImmediate(pump);
      }
    });
  const noteOutcome = (outcome: Outcome) => {
    if (outcome.ok) {
      cooldownMs = 0;
      cooldownUntil = 0;
      statistics.persisted += 1;
      return;
    }
    statistics.failed += 1;
    if (outcome.errorCode === "history_idempotency_conflict" || cooldownUntil > now()) return;
    cooldownMs =
      cooldownMs === 0 ? FAILURE_COOLDOWN_INITIAL_MS : Math.min(cooldownMs * 2, FAILURE_COOLDOWN_MAX_MS);
    cooldownUntil = now() + cooldownMs;
  };
  const track = (settled: Promise<Outcome>): Promise<PersistenceResult> => {
    pending.add(settled);
    void settled.then((outcome) => {
      pending.delete(settled);
      noteOutcome(outcome);
    });
    let timer: NodeJS.Timeout | undefined;
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
  };
  const drain = async (timeoutMs = SETTLE_TIMEOUT_MS): Promise<DrainReport> => {
    const current = [...pending];
    if (current.length === 0) return { drained: true, pending: 0 };
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<false>((resolveTimeout) => {
      timer = setTimeout(() => resolveTimeout(false), timeoutMs);
    });
    const drained = await Promise.race([Promise.all(current).then(() => true as const), outOfTime]);
    clearTimeout(timer);
    return { drained, pending: drained ? 0 : pending.size };
  };
  let closing: Promise<void> | undefined;
  return {
    ownerId,
    write(write) {
      if (closed) return Promise.resolve({ persistence: "failed", errorCode: "history_writer_closed" });
      if (cooldownUntil > now()) {
        statistics.failedFast += 1;
        return Promise.resolve({ persistence: "failed", errorCode: "history_write_failed" });
      }
      return track(enqueue(write));
    },
    drain,
    async maintain() {
      if (closed) return { persistence: "failed", errorCode: "history_writer_closed" };
      try {
        await store.applyRetention(now());
        return { persistence: "persisted" };
      } catch {
        return { persistence: "failed", errorCode: "history_write_failed" };
      }
    },
    statistics: () => ({ ...statistics }),
    close(timeoutMs = SETTLE_TIMEOUT_MS) {
      closing ??= (async () => {
        closed = true;
        await drain(timeoutMs);
        await registered.catch(() => {});
        await store.closeOwner(ownerId, now()).catch(() => {});
      })();
      return closing;
    },
  };
}
