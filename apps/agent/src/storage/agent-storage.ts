import { CHANNEL_EVENT_POSTGRES_MIGRATIONS } from "@mono-agent/channel-kit/postgres";
import type { LoadedConfig } from "@mono-agent/config";
import { isEnvReference, resolveEnvReference } from "@mono-agent/config";
import { CONTINUATION_POSTGRES_MIGRATIONS } from "@mono-agent/continuations/node";
import {
  migratePostgres,
  openPostgresPool,
  type PostgresMigrations,
  type PostgresPool,
} from "@mono-agent/storage/postgres";
import {
  type ConversationRunLock,
  createPostgresConversationRunLock,
} from "../conversations/conversation-run-lock.js";
import {
  type ConversationStore,
  createConversationStore,
  type SqliteConversationStore,
} from "../conversations/conversation-store.js";
import { conversationStoreFile } from "../conversations/conversation-store-file.js";
import {
  CONVERSATION_POSTGRES_MIGRATIONS,
  createPostgresConversationStore,
} from "../conversations/conversation-store-postgres.js";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";

/** Every store that has a PostgreSQL schema, in the order `storage migrate` applies them. */
export const POSTGRES_STORES: readonly PostgresMigrations[] = [
  CONVERSATION_POSTGRES_MIGRATIONS,
  CONTINUATION_POSTGRES_MIGRATIONS,
  CHANNEL_EVENT_POSTGRES_MIGRATIONS,
];

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
      /** The resolved `storage.postgres` (the URL with its password: a host secret). */
      settings: PostgresStorageSettings;
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
  const postgres = openAgentPostgresPool(settings);
  try {
    await migratePostgres(postgres, POSTGRES_STORES);
  } catch (error) {
    await postgres.close();
    throw new MonoAgentRuntimeError(
      "conversation_store_failed",
      `${error instanceof Error ? error.message : String(error)}. Check storage.postgres (mono-agent storage status).`,
      { cause: error },
    );
  }
  const conversations = createPostgresConversationStore({ postgres, redactText });
  const runLock = createPostgresConversationRunLock({ url: settings.url, schema: settings.schema });
  return {
    kind: "postgres",
    conversations,
    runLock,
    postgres,
    settings,
    close: async () => {
      await conversations.close();
      await runLock.close();
      await postgres.close();
    },
  };
}

/** A pool for the stores per the settings (wrapped so a bad URL is the agent's error, not the package's). */
export function openAgentPostgresPool(settings: PostgresStorageSettings): PostgresPool {
  try {
    return openPostgresPool({
      url: settings.url,
      schema: settings.schema,
      max: settings.poolMax,
      applicationName: "mono-agent",
    });
  } catch (error) {
    throw new MonoAgentRuntimeError(
      "conversation_store_failed",
      `storage.postgres: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
