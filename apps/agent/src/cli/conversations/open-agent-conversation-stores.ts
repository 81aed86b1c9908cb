import { existsSync } from "node:fs";
import type { LoadedConfig } from "@mono-agent/config";
import { openRunStore, runStoreFile, type SqliteRunStore } from "@mono-agent/run-history/sqlite";
import { type ConversationStore, createConversationStore } from "../../conversations/conversation-store.js";
import { conversationStoreFile } from "../../conversations/conversation-store-file.js";
import { createPostgresConversationStore } from "../../conversations/conversation-store-postgres.js";
import { postgresStorageSettings } from "../../storage/agent-storage.js";
import { openAgentPostgresPool } from "../../storage/agent-storage-postgres.js";
import { EXIT_FAILURE, ExitError } from "../exit-error.js";

/** Runs `action` and turns a store's error into an ExitError that names the file to look at. */
export function storeAction<T>(file: string, action: () => T): T {
  const failed = (error: unknown) =>
    new ExitError(
      `${error instanceof Error ? error.message : String(error)}\n(store: ${file})`,
      EXIT_FAILURE,
    );
  try {
    const result = action();
    if (result instanceof Promise)
      return result.catch((error: unknown) => {
        throw failed(error);
      }) as T;
    return result;
  } catch (error) {
    throw failed(error);
  }
}

/**
 * The agent's conversation store: on PostgreSQL with `storage.postgres` (its pool closed with the store),
 * else `.mono-agent/conversations.sqlite`, or undefined when none was written yet.
 */
export async function openAgentConversationStore(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): Promise<ConversationStore | undefined> {
  const settings = storeAction("storage.postgres", () => postgresStorageSettings(loaded, env));
  if (settings !== undefined) {
    const postgres = storeAction("storage.postgres", () => openAgentPostgresPool(settings));
    const store = createPostgresConversationStore({ postgres });
    return {
      ...store,
      close: async () => {
        await store.close();
        await postgres.close();
      },
    };
  }
  const file = conversationStoreFile(loaded);
  if (!existsSync(file)) return undefined;
  return storeAction(file, () => createConversationStore({ file }));
}

/** The agent's run store opened read-only, or undefined when no run was ever recorded. */
export function openAgentRunStoreReadOnly(loaded: LoadedConfig): SqliteRunStore | undefined {
  const file = runStoreFile(loaded.artifactsDir);
  if (!existsSync(file)) return undefined;
  return storeAction(file, () => openRunStore({ file, readOnly: true }));
}
