import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { FOREGROUND_TIMEOUT_MS } from "../limits.js";
import { createWriteTracker, type ToolHistoryWriter, type WriteOutcome } from "../tool-history-writer.js";
import type { ToolLifecycleWrite } from "../tool-lifecycle-write.js";
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

interface Queued {
  write: ToolLifecycleWrite;
  /** The call the write belongs to: writes of one call are never in two batches in flight. */
  call: string;
  settle: (outcome: WriteOutcome) => void;
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
  const tracker = createWriteTracker({ foregroundTimeoutMs, now });
  let queue: Queued[] = [];
  let scheduled = false;
  let inFlight = 0;
  const busyCalls = new Set<string>();
  let closed = false;

  const commit = async (batch: Queued[]) => {
    let outcomes: WriteOutcome[];
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
  const enqueue = (write: ToolLifecycleWrite): Promise<WriteOutcome> =>
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
  let closing: Promise<void> | undefined;
  return {
    ownerId,
    write(write) {
      const refused = tracker.refusal(closed);
      if (refused) return Promise.resolve(refused);
      return tracker.track(enqueue(write));
    },
    drain: (timeoutMs = SETTLE_TIMEOUT_MS) => tracker.drain(timeoutMs),
    async maintain() {
      if (closed) return { persistence: "failed", errorCode: "history_writer_closed" };
      try {
        await store.applyRetention(now());
        return { persistence: "persisted" };
      } catch {
        return { persistence: "failed", errorCode: "history_write_failed" };
      }
    },
    statistics: tracker.statistics,
    close(timeoutMs = SETTLE_TIMEOUT_MS) {
      closing ??= (async () => {
        closed = true;
        await tracker.drain(timeoutMs);
        await registered.catch(() => {});
        await store.closeOwner(ownerId, now()).catch(() => {});
      })();
      return closing;
    },
  };
}
