import { createPostgresKeyedLock, type PostgresKeyedLock } from "@mono-agent/storage/postgres";

/**
 * Connections the run lock of one host holds at most: one per conversation with a run in progress on
 * this host (runs of the same conversation queue in process first). Runs of more conversations at once
 * wait for a connection. Kept apart from the stores' pool so held locks never starve store queries.
 */
export const CONVERSATION_RUN_LOCK_CONNECTIONS_MAX = 32;

/** Advisory-lock namespace of conversation runs (the key is the logical conversation id). */
const RUN_LOCK_NAMESPACE = "mono-agent:conversation-run";

/** Serializes the runs of one logical conversation (the key): in this process, and across hosts on PostgreSQL. */
export type ConversationRunLock = PostgresKeyedLock;

/**
 * A run lock over PostgreSQL advisory locks: session locks on a pool of its own, so a host that dies
 * releases its conversations with its connections. `url` and `schema` as for the stores.
 */
export function createPostgresConversationRunLock(options: {
  url: string;
  schema?: string;
}): ConversationRunLock {
  return createPostgresKeyedLock({
    url: options.url,
    ...(options.schema !== undefined ? { schema: options.schema } : {}),
    max: CONVERSATION_RUN_LOCK_CONNECTIONS_MAX,
    applicationName: "mono-agent run lock",
    namespace: RUN_LOCK_NAMESPACE,
  });
}
