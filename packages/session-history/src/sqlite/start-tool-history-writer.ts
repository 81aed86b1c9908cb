import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { FAILURE_COOLDOWN_INITIAL_MS, FAILURE_COOLDOWN_MAX_MS, FOREGROUND_TIMEOUT_MS } from "../limits.js";
import type { RetentionOptions } from "../retention-options.js";
import type { ToolLifecycleWrite } from "../tool-lifecycle-write.js";
import type { PersistenceResult } from "../tool-record.js";
import type { WriterRequest, WriterResponse, WriterWorkerData } from "./writer-messages.js";

/** How long one write keeps retrying in the writer thread while the file is locked, in ms: reference §5.1 (owner acquire ceiling 10 s). */
export const WRITE_BUSY_DEADLINE_MS = 10_000;

/** Default bound of {@link ToolHistoryWriter.drain}, in ms: long enough for a write that outlived the foreground ceiling behind a short lock, short enough not to hold run finalization hostage. */
export const DRAIN_TIMEOUT_MS = 5_000;

/** Bound of {@link ToolHistoryWriter.close}, in ms (drain, then the writer thread is stopped). */
export const CLOSE_TIMEOUT_MS = 5_000;

/** Options of {@link startToolHistoryWriter}. */
export interface ToolHistoryWriterOptions {
  /** The sidecar file (see `openToolHistoryStore`). */
  file: string;
  /** `<artifacts.dir>/tool-output`: the only root artifact references may come from. */
  toolOutputRoot?: string;
  retention?: RetentionOptions;
  /** Foreground ceiling per write, in ms. Default {@link FOREGROUND_TIMEOUT_MS} (250). */
  foregroundTimeoutMs?: number;
  /** Busy-retry deadline per write in the writer thread, in ms. Default {@link WRITE_BUSY_DEADLINE_MS}. */
  busyDeadlineMs?: number;
  /** Clock in ms (tests move the cooldown). Default `Date.now`. */
  now?: () => number;
}

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
 * The event-side writer: one worker thread that owns a SQLite connection. `write` resolves within the
 * foreground ceiling: `persisted` when the worker committed in time, `failed` for a definitive
 * rejection, else `deferred` (the write continues in the worker; settle it with `drain`). After a
 * failure, writes fail fast for a cooldown of 30 s that doubles per failed probe up to 5 min; a success
 * resets it.
 */
export interface ToolHistoryWriter {
  /** This writer's owner id in the sidecar (its unfinished calls count as alive while it is open). */
  readonly ownerId: string;
  write(write: ToolLifecycleWrite): Promise<PersistenceResult>;
  /** Waits for writes handed over so far, at most `timeoutMs` (default {@link DRAIN_TIMEOUT_MS}). */
  drain(timeoutMs?: number): Promise<DrainReport>;
  /** Runs one bounded retention pass in the writer thread. */
  maintain(): Promise<PersistenceResult>;
  statistics(): WriterStatistics;
  /** Drains (bounded), marks this owner closed and stops the thread. Idempotent. */
  close(timeoutMs?: number): Promise<void>;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface Pending {
  settled: Promise<WriterResponse>;
  deferred: boolean;
}

/** Starts the writer thread. The thread opens (and migrates) the file itself. */
export function startToolHistoryWriter(options: ToolHistoryWriterOptions): ToolHistoryWriter {
  const now = options.now ?? Date.now;
  const foregroundTimeoutMs = options.foregroundTimeoutMs ?? FOREGROUND_TIMEOUT_MS;
  const ownerId = randomUUID();
  const data: WriterWorkerData = {
    file: resolve(options.file),
    ownerId,
    busyDeadlineMs: options.busyDeadlineMs ?? WRITE_BUSY_DEADLINE_MS,
    ...(options.toolOutputRoot !== undefined ? { toolOutputRoot: resolve(options.toolOutputRoot) } : {}),
    ...(options.retention ? { retention: options.retention } : {}),
  };
  const worker = new Worker(new URL("./tool-history-worker.js", import.meta.url), { workerData: data });
  worker.unref();
  let nextId = 1;
  let closed = false;
  let exited = false;
  const waiting = new Map<number, (response: WriterResponse) => void>();
  const pending = new Set<Pending>();
  const statistics: WriterStatistics = { persisted: 0, deferred: 0, failed: 0, failedFast: 0 };
  let cooldownMs = 0;
  let cooldownUntil = 0;

  const failAll = (message: string) => {
    for (const [id, answer] of waiting)
      answer({ id, ok: false, errorCode: "history_writer_closed", message });
    waiting.clear();
  };
  worker.on("message", (response: WriterResponse) => {
    const answer = waiting.get(response.id);
    waiting.delete(response.id);
    answer?.(response);
  });
  worker.on("error", (error) => failAll(`the writer thread failed: ${error.message}`));
  worker.on("exit", () => {
    exited = true;
    failAll("the writer thread exited");
  });

  const send = (request: DistributiveOmit<WriterRequest, "id">): Promise<WriterResponse> => {
    const id = nextId++;
    if (exited)
      return Promise.resolve({ id, ok: false, errorCode: "history_writer_closed", message: "closed" });
    return new Promise((resolveResponse) => {
      waiting.set(id, resolveResponse);
      worker.postMessage({ ...request, id } as WriterRequest);
    });
  };
  const noteOutcome = (response: WriterResponse) => {
    if (response.ok) {
      cooldownMs = 0;
      cooldownUntil = 0;
      statistics.persisted += 1;
      return;
    }
    statistics.failed += 1;
    if (response.errorCode === "history_idempotency_conflict" || cooldownUntil > now()) return;
    cooldownMs =
      cooldownMs === 0 ? FAILURE_COOLDOWN_INITIAL_MS : Math.min(cooldownMs * 2, FAILURE_COOLDOWN_MAX_MS);
    cooldownUntil = now() + cooldownMs;
  };
  const track = (response: Promise<WriterResponse>): Promise<PersistenceResult> => {
    const entry: Pending = { settled: response, deferred: false };
    pending.add(entry);
    void response.then((answer) => {
      pending.delete(entry);
      noteOutcome(answer);
    });
    let timer: NodeJS.Timeout | undefined;
    const ceiling = new Promise<PersistenceResult>((resolveCeiling) => {
      timer = setTimeout(() => {
        entry.deferred = true;
        statistics.deferred += 1;
        resolveCeiling({ persistence: "deferred", errorCode: "history_persistence_timeout" });
      }, foregroundTimeoutMs);
    });
    const answered = response.then(
      (answer): PersistenceResult =>
        answer.ok ? { persistence: "persisted" } : { persistence: "failed", errorCode: answer.errorCode },
    );
    return Promise.race([answered, ceiling]).finally(() => clearTimeout(timer));
  };
  const drain = async (timeoutMs = DRAIN_TIMEOUT_MS): Promise<DrainReport> => {
    const current = [...pending].map((entry) => entry.settled);
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
      return track(send({ op: "write", write }));
    },
    drain,
    async maintain() {
      if (closed) return { persistence: "failed", errorCode: "history_writer_closed" };
      const answer = await send({ op: "maintain", nowMs: now() });
      return answer.ok
        ? { persistence: "persisted" }
        : { persistence: "failed", errorCode: answer.errorCode };
    },
    statistics: () => ({ ...statistics }),
    close(timeoutMs = CLOSE_TIMEOUT_MS) {
      closing ??= (async () => {
        closed = true;
        await drain(timeoutMs);
        if (!exited) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            send({ op: "close", nowMs: now() }),
            new Promise((resolveTimeout) => {
              timer = setTimeout(resolveTimeout, timeoutMs);
            }),
          ]);
          clearTimeout(timer);
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
