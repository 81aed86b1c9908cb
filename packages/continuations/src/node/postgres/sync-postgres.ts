import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { ContinuationError } from "../../continuation-error.js";

/**
 * Longest one statement of the continuation store may run (PostgreSQL `statement_timeout` and
 * `lock_timeout`): the host thread waits for it, so this bounds how long the event loop can stall. Every
 * statement touches a handful of rows by key; 5 s is the SQLite store's busy timeout too.
 */
export const SYNC_POSTGRES_STATEMENT_TIMEOUT_MS = 5_000;

/** How much longer than a statement the host thread waits before it gives up on the worker. */
const WORKER_ANSWER_GRACE_MS = 5_000;

/** The worker thread's file (same relative path from src/node/postgres and dist/node/postgres). */
const WORKER_FILE = new URL("../../../worker/sync-postgres-worker.mjs", import.meta.url);

/** The rows of one statement. */
export interface SyncQueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** One PostgreSQL connection that answers synchronously (the host thread waits for each statement). */
export interface SyncPostgres {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): SyncQueryResult<Row>;
  close(): void;
}

interface Answer {
  id: number;
  rows?: unknown[];
  rowCount?: number;
  error?: { message: string; code?: string };
}

/** A statement the server refused: the message and the SQLSTATE `code` of PostgreSQL. */
export class SyncPostgresError extends Error {
  constructor(
    message: string,
    readonly sqlState: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Opens one connection, on a worker thread, whose statements the calling thread runs synchronously
 * (`Atomics.wait` until the worker answers): the continuation store's interface is synchronous (a claim
 * is admitted in one transaction whose reads and writes run back to back), and this keeps it so on
 * PostgreSQL. Statements are short and bounded by {@link SYNC_POSTGRES_STATEMENT_TIMEOUT_MS}.
 */
export function openSyncPostgres(options: { url: string; schema: string }): SyncPostgres {
  const flag = new SharedArrayBuffer(4);
  const signal = new Int32Array(flag);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      url: options.url,
      schema: options.schema,
      statementTimeoutMs: SYNC_POSTGRES_STATEMENT_TIMEOUT_MS,
      port: port2,
      flag,
    },
    transferList: [port2],
  });
  worker.unref();
  port1.unref();
  let exited: Error | undefined;
  worker.on("error", (error) => {
    exited = error;
  });
  worker.on("exit", () => {
    exited ??= new Error("the PostgreSQL worker thread stopped");
  });
  let nextId = 0;
  let closed = false;
  const call = (request: Record<string, unknown>): Answer => {
    if (closed) throw new ContinuationError("store_failed", "the continuation store is closed");
    if (exited)
      throw new ContinuationError("store_failed", `the PostgreSQL connection failed: ${exited.message}`);
    const id = ++nextId;
    Atomics.store(signal, 0, 0);
    port1.postMessage({ id, ...request });
    const deadline = Date.now() + SYNC_POSTGRES_STATEMENT_TIMEOUT_MS + WORKER_ANSWER_GRACE_MS;
    for (;;) {
      const received = receiveMessageOnPort(port1);
      if (received !== undefined) {
        const answer = received.message as Answer;
        if (answer.id === id) return answer;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new ContinuationError(
          "store_failed",
          `PostgreSQL did not answer within ${SYNC_POSTGRES_STATEMENT_TIMEOUT_MS + WORKER_ANSWER_GRACE_MS} ms`,
        );
      Atomics.wait(signal, 0, 0, left);
      Atomics.store(signal, 0, 0);
    }
  };
  return {
    query<Row>(sql: string, params: readonly unknown[] = []) {
      const answer = call({ sql, params });
      if (answer.error) throw new SyncPostgresError(answer.error.message, answer.error.code);
      return { rows: (answer.rows ?? []) as Row[], rowCount: answer.rowCount ?? 0 };
    },
    close() {
      if (closed) return;
      try {
        if (!exited) call({ close: true });
      } catch {
        // closing anyway
      }
      closed = true;
      port1.close();
      void worker.terminate();
    },
  };
}
