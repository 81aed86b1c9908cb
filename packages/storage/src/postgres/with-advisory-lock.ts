import type pg from "pg";
import { StorageError } from "../storage-error.js";
import { advisoryLockKey } from "./advisory-lock-key.js";

/** Options of {@link withAdvisoryLock}. */
export interface WithAdvisoryLockOptions {
  /** Stop waiting for the lock: the waiting connection is dropped and `lock_failed` is thrown. */
  signal?: AbortSignal;
}

/**
 * Runs `work` while holding the session-level advisory lock of `namespace` + `key` on one connection
 * of `pool`, across every host on the same database: a second caller (any host) waits until the first
 * releases. The lock is released when `work` settles, and by the server when the holding process dies
 * (its connection closes), so a killed host never leaves a conversation locked.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  namespace: string,
  key: string,
  work: () => Promise<T>,
  options: WithAdvisoryLockOptions = {},
): Promise<T> {
  const lockKey = advisoryLockKey(namespace, key);
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new StorageError(
      "lock_failed",
      `Could not connect to take the ${namespace} lock: ${String(error)}`,
      {
        cause: error,
      },
    );
  }
  // The server drops an idle holder's connection (restart, failover): the error arrives here, not unhandled.
  const onError = () => {};
  client.on("error", onError);
  let released = false;
  let droppedByAbort = false;
  const abort = () => {
    droppedByAbort = true;
    client.release(new Error("aborted while waiting for the lock"));
  };
  try {
    if (options.signal?.aborted) throw new Error("aborted before the lock was taken");
    options.signal?.addEventListener("abort", abort, { once: true });
    try {
      await client.query("SELECT pg_advisory_lock($1::bigint)", [lockKey]);
    } finally {
      options.signal?.removeEventListener("abort", abort);
    }
  } catch (error) {
    released = true;
    if (!droppedByAbort) client.release(true);
    client.off("error", onError);
    throw new StorageError("lock_failed", `Could not take the ${namespace} lock: ${String(error)}`, {
      cause: error,
    });
  }
  try {
    return await work();
  } finally {
    if (!released) {
      try {
        await client.query("SELECT pg_advisory_unlock($1::bigint)", [lockKey]);
        client.release();
      } catch (error) {
        // A connection that cannot unlock is destroyed: the server releases its locks with it.
        client.release(error instanceof Error ? error : true);
      }
      client.off("error", onError);
    }
  }
}
