import { type OpenPostgresPoolOptions, openPostgresPool } from "./open-postgres-pool.js";
import { withAdvisoryLock } from "./with-advisory-lock.js";

/** Work of one key at a time: in this process, and across every host sharing the database. */
export interface PostgresKeyedLock {
  /**
   * Runs `work` once no other work of `key` runs (on this host, and on any host sharing the database).
   * Work waits in arrival order per host. An aborted `signal` stops the wait.
   */
  run<T>(key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Ends the lock's pool (held locks are released with their connections). */
  close(): Promise<void>;
}

/** Options of {@link createPostgresKeyedLock}: the pool's, plus the advisory-lock namespace of the keys. */
export interface CreatePostgresKeyedLockOptions extends OpenPostgresPoolOptions {
  namespace: string;
}

/**
 * A keyed lock over PostgreSQL session advisory locks on a pool of its own (so held locks never starve
 * other queries), with an in-process queue per key in front: a host that dies releases its keys with its
 * connections, and `max` bounds how many keys this host holds at once.
 */
export function createPostgresKeyedLock(options: CreatePostgresKeyedLockOptions): PostgresKeyedLock {
  const { namespace, ...poolOptions } = options;
  const postgres = openPostgresPool(poolOptions);
  const local = createInProcessQueue();
  return {
    run: (key, work, signal) =>
      local(key, () => withAdvisoryLock(postgres.pool, namespace, key, work, signal ? { signal } : {})),
    close: () => postgres.close(),
  };
}

/** Work of one key one after the other, in call order; different keys run at once. */
function createInProcessQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => {});
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  };
}
