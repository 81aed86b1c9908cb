import { CHANNEL_EVENT_POSTGRES_MIGRATIONS } from "@mono-agent/channel-kit/postgres";
import { CONTINUATION_POSTGRES_MIGRATIONS } from "@mono-agent/continuations/postgres";
import type { InteractionStore } from "@mono-agent/interaction";
import {
  INTERACTION_POSTGRES_MIGRATIONS,
  openPostgresInteractionStore,
} from "@mono-agent/interaction/postgres";
import { RUN_STORE_POSTGRES_MIGRATIONS } from "@mono-agent/run-history/postgres";
import { SESSION_HISTORY_POSTGRES_MIGRATIONS } from "@mono-agent/session-history/postgres";
import { redactPostgresUrl } from "@mono-agent/storage";
import {
  migratePostgres,
  openPostgresPool,
  type PostgresMigrations,
  type PostgresPool,
} from "@mono-agent/storage/postgres";
import { TRIGGERS_POSTGRES_MIGRATIONS } from "@mono-agent/triggers/postgres";
import { WEB_CONSOLE_POSTGRES_MIGRATIONS } from "@mono-agent/web-console/postgres";
import { createPostgresConversationRunLock } from "../conversations/conversation-run-lock.js";
import {
  CONVERSATION_POSTGRES_MIGRATIONS,
  createPostgresConversationStore,
} from "../conversations/conversation-store-postgres.js";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";
import type { AgentStorage, PostgresStorageSettings } from "./agent-storage.js";

/** Every store that has a PostgreSQL schema, in the order `storage migrate` applies them. */
export const POSTGRES_STORES: readonly PostgresMigrations[] = [
  CONVERSATION_POSTGRES_MIGRATIONS,
  CONTINUATION_POSTGRES_MIGRATIONS,
  CHANNEL_EVENT_POSTGRES_MIGRATIONS,
  SESSION_HISTORY_POSTGRES_MIGRATIONS,
  RUN_STORE_POSTGRES_MIGRATIONS,
  WEB_CONSOLE_POSTGRES_MIGRATIONS,
  INTERACTION_POSTGRES_MIGRATIONS,
  TRIGGERS_POSTGRES_MIGRATIONS,
];

/**
 * The PostgreSQL half of `openAgentStorage` (a module of its own, so a host on SQLite never loads pg):
 * the pending migrations of every store applied under an advisory lock, then the shared stores.
 */
export async function openPostgresAgentStorage(
  settings: PostgresStorageSettings,
  redactText: (text: string) => string,
): Promise<AgentStorage> {
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
    openInteractionStore: () => openSharedInteractionStore(settings),
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

/**
 * The ask and approval store every host shares (its migrations applied by `openPostgresAgentStorage` or
 * `mono-agent storage migrate`); the caller closes it.
 */
export function openSharedInteractionStore(settings: PostgresStorageSettings): InteractionStore {
  return openPostgresInteractionStore({
    url: settings.url,
    schema: settings.schema,
    displayUrl: redactPostgresUrl(settings.url),
  });
}
