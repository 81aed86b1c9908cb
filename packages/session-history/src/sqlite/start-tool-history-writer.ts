import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { Worker } from "node:worker_threads";
import { FOREGROUND_TIMEOUT_MS } from "../limits.js";
import type { RetentionOptions } from "../retention-options.js";
import { createWriteTracker, type ToolHistoryWriter } from "../tool-history-writer.js";
import type { WriterRequest, WriterResponse, WriterWorkerData } from "./writer-messages.js";

/** How long one write keeps retrying in the writer thread while the file is locked, in ms: reference §5.1 (owner acquire ceiling 10 s). */
export const WRITE_BUSY_DEADLINE_MS = 10_000;

export type { DrainReport, ToolHistoryWriter, WriterStatistics } from "../tool-history-writer.js";

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

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Starts the event-side writer on SQLite: one worker thread that owns a connection and opens (and
 * migrates) the file itself. See {@link ToolHistoryWriter} for the answers and the cooldown.
 */
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
  const tracker = createWriteTracker({ foregroundTimeoutMs, now });

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
  let closing: Promise<void> | undefined;

  return {
    ownerId,
    write(write) {
      const refused = tracker.refusal(closed);
      if (refused) return Promise.resolve(refused);
      return tracker.track(send({ op: "write", write }));
    },
    drain: (timeoutMs = DRAIN_TIMEOUT_MS) => tracker.drain(timeoutMs),
    async maintain() {
      if (closed) return { persistence: "failed", errorCode: "history_writer_closed" };
      const answer = await send({ op: "maintain", nowMs: now() });
      return answer.ok
        ? { persistence: "persisted" }
        : { persistence: "failed", errorCode: answer.errorCode };
    },
    statistics: tracker.statistics,
    close(timeoutMs = CLOSE_TIMEOUT_MS) {
      closing ??= (async () => {
        closed = true;
        await tracker.drain(timeoutMs);
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
