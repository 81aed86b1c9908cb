import type { LoadedConfig } from "@mono-agent/config";
import { isEnvReference, resolveEnvReference } from "@mono-agent/config";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { ConversationRunLock } from "../conversations/conversation-run-lock.js";
import {
  type ConversationStore,
  createConversationStore,
  type SqliteConversationStore,
} from "../conversations/conversation-store.js";
import { conversationStoreFile } from "../conversations/conversation-store-file.js";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";

/** The resolved `storage.postgres` section: the URL read from its `$env` variable. */
export interface PostgresStorageSettings {
  url: string;
  schema: string;
  poolMax: number;
}

/**
 * The `storage.postgres` settings with the URL resolved from `env`, or undefined when the stores stay in
 * SQLite. Throws `conversation_store_failed` naming the variable when the URL's variable is not set.
 */
export function postgresStorageSettings(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): PostgresStorageSettings | undefined {
  const section = loaded.config.storage?.postgres;
  if (section === undefined) return undefined;
  const url = isEnvReference(section.url) ? resolveEnvReference(section.url, env) : section.url;
  if (url === undefined || url === "")
    throw new MonoAgentRuntimeError(
      "conversation_store_failed",
      `storage.postgres.url reads ${isEnvReference(section.url) ? section.url.$env : "a literal"}, which is not set; export it (postgres://user:password@host:5432/database) or remove storage.postgres to keep the stores in SQLite.`,
    );
  return { url, schema: section.schema, poolMax: section.poolMax };
}

/** The password of a postgres URL (a host secret: never written to a store or shown). */
export function postgresUrlSecrets(url: string): string[] {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password === "" ? [] : [password];
  } catch {
    return [];
  }
}

/** The stores a host opened: SQLite files, or the shared PostgreSQL. */
export type AgentStorage =
  | { kind: "sqlite"; conversations: SqliteConversationStore; runLock?: undefined; close(): Promise<void> }
  | {
      kind: "postgres";
      conversations: ConversationStore;
      runLock: ConversationRunLock;
      postgres: PostgresPool;
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
