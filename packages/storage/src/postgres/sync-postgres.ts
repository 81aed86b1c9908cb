import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import { StorageError } from "../storage-error.js";

/**
 * Longest one statement may run by default (PostgreSQL `statement_timeout` and `lock_timeout`): the host
 * thread waits for it, so this bounds how long the event loop can stall. 5 s is the SQLite busy timeout too.
 */
export const SYNC_POSTGRES_STATEMENT_TIMEOUT_MS = 5_000;

/** How much longer than a statement the host thread waits before it gives up on the worker. */
const WORKER_ANSWER_GRACE_MS = 5_000;

/** The worker thread's file (same relative path from src/postgres and dist/postgres; shipped in `files`). */
const WORKER_FILE = new URL("../../worker/sync-postgres-worker.mjs", import.meta.url);

/** The rows of one statement. */
export interface SyncQueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

/** One PostgreSQL connection that answers synchronously (the host thread waits for each statement). */
export interface SyncPostgres {
  /** Runs one statement and returns its rows; throws {@link SyncPostgresError} when the server refuses it. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): SyncQueryResult<Row>;
  /** Ends the connection and the worker thread; later queries fail. */
  close(): void;
}

/** Options of {@link openSyncPostgres}. */
export interface OpenSyncPostgresOptions {
  /** The `postgres://` URL. */
  url: string;
  /** The schema the statements run in (`search_path`). */
  schema: string;
  /** `application_name` of the connection (shown in `pg_stat_activity`). Default `mono-agent`. */
  applicationName?: string;
  /** Longest one statement may run, in ms. Default {@link SYNC_POSTGRES_STATEMENT_TIMEOUT_MS}. */
  statementTimeoutMs?: number;
  /**
   * Builds the error thrown when the connection is closed, has failed, or did not answer in time (the
   * caller's own error class). Default: a {@link StorageError} with code `open_failed`.
   */
  failure?: (message: string) => Error;
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
    this.name = "SyncPostgresError";
  }
}

/**
 * Opens one connection, on a worker thread, whose statements the calling thread runs synchronously
 * (`Atomics.wait` until the worker answers): for stores whose interface is synchronous (the continuation
 * store, the web thread store), so they stay so on PostgreSQL. Statements must be short; they are bounded
 * by `statementTimeoutMs`.
 */
export function openSyncPostgres(options: OpenSyncPostgresOptions): SyncPostgres {
  const statementTimeoutMs = options.statementTimeoutMs ?? SYNC_POSTGRES_STATEMENT_TIMEOUT_MS;
  const failure = options.failure ?? ((message: string) => new StorageError("open_failed", message));
  const flag = new SharedArrayBuffer(4);
  const signal = new Int32Array(flag);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      url: options.url,
      schema: options.schema,
      statementTimeoutMs,
      applicationName: options.applicationName ?? "mono-agent",
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
    if (closed) throw failure("the PostgreSQL connection is closed");
    if (exited) throw failure(`the PostgreSQL connection failed: ${exited.message}`);
    const id = ++nextId;
    Atomics.store(signal, 0, 0);
    port1.postMessage({ id, ...request });
    const deadline = Date.now() + statementTimeoutMs + WORKER_ANSWER_GRACE_MS;
    for (;;) {
      const received = receiveMessageOnPort(port1);
      if (received !== undefined) {
        const answer = received.message as Answer;
        if (answer.id === id) return answer;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw failure(`PostgreSQL did not answer within ${statementTimeoutMs + WORKER_ANSWER_GRACE_MS} ms`);
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
