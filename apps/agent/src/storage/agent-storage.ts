import type { LoadedConfig } from "@mono-agent/config";
import type { InteractionStore } from "@mono-agent/interaction";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { ConversationRunLock } from "../conversations/conversation-run-lock.js";
import {
  type ConversationStore,
  createConversationStore,
  type SqliteConversationStore,
} from "../conversations/conversation-store.js";
import { conversationStoreFile } from "../conversations/conversation-store-file.js";
import { type PostgresStorageSettings, postgresStorageSettings } from "./postgres-storage-settings.js";

export {
  type PostgresStorageSettings,
  postgresStorageSettings,
  postgresUrlSecrets,
} from "./postgres-storage-settings.js";

/** The stores a host opened: SQLite files, or the shared PostgreSQL. */
export type AgentStorage =
  | { kind: "sqlite"; conversations: SqliteConversationStore; runLock?: undefined; close(): Promise<void> }
  | {
      kind: "postgres";
      conversations: ConversationStore;
      runLock: ConversationRunLock;
      postgres: PostgresPool;
      /** The resolved `storage.postgres` (the URL with its password: a host secret). */
      settings: PostgresStorageSettings;
      /** Opens the shared ask and approval store (the caller closes it). */
      openInteractionStore(): InteractionStore;
      close(): Promise<void>;
    };

/**
 * Opens the host's stores. With `storage.postgres`, the pending migrations of every store are applied
 * first (under an advisory lock: hosts starting at once apply them once), and runs of one conversation
 * serialize across hosts. Throws `conversation_store_failed` when the database cannot be reached.
 */
export async function openAgentStorage(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
  redactText: (text: string) => string,
): Promise<AgentStorage> {
  const settings = postgresStorageSettings(loaded, env);
  if (settings === undefined) {
    const conversations = createConversationStore({ file: conversationStoreFile(loaded), redactText });
    return { kind: "sqlite", conversations, close: () => conversations.close() };
  }
  // PostgreSQL (pg, drizzle's pg-core, the migrations) is loaded only by a host that uses it.
  const { openPostgresAgentStorage } = await import("./agent-storage-postgres.js");
  return openPostgresAgentStorage(settings, redactText);
}
