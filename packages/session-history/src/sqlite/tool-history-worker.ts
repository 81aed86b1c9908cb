import { parentPort, workerData } from "node:worker_threads";
import { SessionHistoryError } from "../session-history-error.js";
import { openToolHistoryStore, type SqliteToolHistoryStore } from "./open-tool-history-store.js";
import type { WriterRequest, WriterResponse, WriterWorkerData } from "./writer-messages.js";

/** Pause between attempts while another connection holds the write lock, in ms. */
const BUSY_RETRY_PAUSE_MS = 25;

const data = workerData as WriterWorkerData;
const port = parentPort!;
let store: SqliteToolHistoryStore | undefined;
const pause = new Int32Array(new SharedArrayBuffer(4));

function openStore(): SqliteToolHistoryStore {
  if (store) return store;
  store = openToolHistoryStore({
    file: data.file,
    ...(data.toolOutputRoot !== undefined ? { toolOutputRoot: data.toolOutputRoot } : {}),
    ...(data.retention ? { retention: data.retention } : {}),
  });
  store.registerOwner(data.ownerId, process.pid, Date.now());
  return store;
}

function isBusy(error: unknown): boolean {
  const cause = SessionHistoryError.isInstance(error) ? error.cause : error;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return (
    code === "SQLITE_BUSY" ||
    code === "SQLITE_LOCKED" ||
    (typeof code === "string" && code.startsWith("SQLITE_BUSY"))
  );
}

/** Runs `action`, retrying while the database is locked by another connection, up to the busy deadline. */
function withBusyRetry(action: () => void): void {
  const deadline = performance.now() + data.busyDeadlineMs;
  for (;;) {
    try {
      action();
      return;
    } catch (error) {
      if (!isBusy(error) || performance.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, BUSY_RETRY_PAUSE_MS);
    }
  }
}

function failure(id: number, error: unknown): WriterResponse {
  const message = error instanceof Error ? error.message : String(error);
  const conflict = SessionHistoryError.isInstance(error) && error.code === "idempotency_conflict";
  return {
    id,
    ok: false,
    errorCode: conflict ? "history_idempotency_conflict" : "history_write_failed",
    message,
  };
}

/**
 * Commits every write queued in this turn of the event loop in one immediate transaction (group commit),
 * each write in its own savepoint so a rejected write does not undo the others. A locked database makes
 * the whole batch wait and retry up to the busy deadline.
 */
function writeBatch(requests: Extract<WriterRequest, { op: "write" }>[]): WriterResponse[] {
  let responses: WriterResponse[] = [];
  try {
    withBusyRetry(() => {
      const opened = openStore();
      responses = opened.inImmediateTransaction(() =>
        requests.map((request): WriterResponse => {
          try {
            if (request.write.phase === "invocation") opened.writeInvocation(request.write, data.ownerId);
            else opened.writeResult(request.write, data.ownerId);
            return { id: request.id, ok: true };
          } catch (error) {
            if (isBusy(error)) throw error;
            return failure(request.id, error);
          }
        }),
      );
    });
    return responses;
  } catch (error) {
    return requests.map((request) => failure(request.id, error));
  }
}

function handleOther(request: Exclude<WriterRequest, { op: "write" }>): WriterResponse {
  try {
    withBusyRetry(() => {
      const opened = openStore();
      if (request.op === "maintain") opened.applyRetention(request.nowMs);
      else opened.closeOwner(data.ownerId, request.nowMs);
    });
    return { id: request.id, ok: true };
  } catch (error) {
    return failure(request.id, error);
  }
}

try {
  openStore();
} catch {
  // The first write reports the failure (and the writer's cooldown starts there).
}

let queue: WriterRequest[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  const requests = queue;
  queue = [];
  let writes: Extract<WriterRequest, { op: "write" }>[] = [];
  const flushWrites = () => {
    if (writes.length > 0) for (const response of writeBatch(writes)) port.postMessage(response);
    writes = [];
  };
  for (const request of requests) {
    if (request.op === "write") {
      writes.push(request);
      continue;
    }
    flushWrites();
    port.postMessage(handleOther(request));
    if (request.op === "close") {
      store?.close();
      port.close();
      return;
    }
  }
  flushWrites();
}

port.on("message", (request: WriterRequest) => {
  queue.push(request);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
});
