import { openPostgresPool, type PostgresPool, withAdvisoryLock } from "@mono-agent/storage/postgres";

/**
 * Connections the run lock of one host holds at most: one per conversation with a run in progress on
 * this host (runs of the same conversation queue in process first). Runs of more conversations at once
 * wait for a connection. Kept apart from the stores' pool so held locks never starve store queries.
 */
export const CONVERSATION_RUN_LOCK_CONNECTIONS_MAX = 32;

/** Advisory-lock namespace of conversation runs (the key is the logical conversation id). */
const RUN_LOCK_NAMESPACE = "mono-agent:conversation-run";

/** Serializes the runs of one logical conversation: in this process, and across hosts on PostgreSQL. */
export interface ConversationRunLock {
  /**
   * Runs `work` once no other run of `logicalConversationId` is running (on this host, and on any host
   * sharing the database). Runs wait in arrival order per host. An aborted `signal` stops the wait.
   */
  run<T>(logicalConversationId: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  close(): Promise<void>;
}

/**
 * A run lock over PostgreSQL advisory locks: session locks on a pool of its own, so a host that dies
 * releases its conversations with its connections. `url` and `schema` as for the stores.
 */
export function createPostgresConversationRunLock(options: {
  url: string;
  schema?: string;
}): ConversationRunLock {
  const postgres: PostgresPool = openPostgresPool({
    url: options.url,
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
    max: CONVERSATION_RUN_LOCK_CONNECTIONS_MAX,
    applicationName: "mono-agent run lock",
  });
  const local = createInProcessQueue();
  return {
    run: (logical, work, signal) =>
      local(logical, () =>
        withAdvisoryLock(postgres.pool, RUN_LOCK_NAMESPACE, logical, work, signal ? { signal } : {}),
      ),
    close: () => postgres.close(),
  };
}

/** Runs of one key one after the other, in call order; different keys run at once. */
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
