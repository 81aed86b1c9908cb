import type { LoadedConfig } from "@mono-agent/config";
import type { RunStore } from "@mono-agent/run-history";
import { toolHistoryFile } from "@mono-agent/session-history/sqlite";
import { openToolHistoryForReset } from "../../app/conversations/reset-conversation.js";
import type { ConversationStore } from "../../conversations/conversation-store.js";
import { postgresStorageSettings } from "../../storage/postgres-storage-settings.js";
import {
  openAgentConversationStore,
  openAgentRunStoreReadOnly,
  storeAction,
} from "./open-agent-conversation-stores.js";

/** What `conversations reset` reads and clears: each undefined when that store was never written. */
export interface AgentResetStores {
  /** Where the runs in progress are recorded (a reset is refused while one of the conversation runs). */
  runs: Pick<RunStore, "listRuns" | "listRunningRuns"> | undefined;
  /** The SessionHistory sidecar. */
  toolHistory: { resetConversation(conversationId: string): number | Promise<number> } | undefined;
  /** Where the sidecar is, named in the errors: its file, or the database. */
  toolHistoryLocation: string;
  conversations: ConversationStore | undefined;
  /** Closes every store (and, on PostgreSQL, the one pool they share). Idempotent. */
  close(): Promise<void>;
}

async function openSqliteResetStores(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): Promise<AgentResetStores> {
  const runs = openAgentRunStoreReadOnly(loaded);
  const toolHistoryLocation = toolHistoryFile(loaded.artifactsDir);
  const toolHistory = storeAction(toolHistoryLocation, () => openToolHistoryForReset(toolHistoryLocation));
  const conversations = await openAgentConversationStore(loaded, env);
  let closing: Promise<void> | undefined;
  return {
    runs,
    toolHistory,
    toolHistoryLocation,
    conversations,
    close: () => {
      closing ??= (async () => {
        await runs?.close();
        toolHistory?.close();
        await conversations?.close();
      })();
      return closing;
    },
  };
}

/**
 * With `storage.postgres`: the shared run store, the shared SessionHistory sidecar and the shared
 * conversations, on one pool. A store whose migrations were never applied holds nothing (undefined);
 * this command applies no migration.
 */
async function openPostgresResetStores(
  settings: NonNullable<ReturnType<typeof postgresStorageSettings>>,
): Promise<AgentResetStores> {
  const [
    storage,
    { openAgentPostgresPool },
    runHistory,
    sessionHistory,
    { createPostgresConversationStore },
  ] = await Promise.all([
    import("@mono-agent/storage/postgres"),
    import("../../storage/agent-storage-postgres.js"),
    import("@mono-agent/run-history/postgres"),
    import("@mono-agent/session-history/postgres"),
    import("../../conversations/conversation-store-postgres.js"),
  ]);
  const postgres = storeAction("storage.postgres", () => openAgentPostgresPool(settings));
  const toolHistoryLocation = `${postgres.displayUrl} (schema ${postgres.schema})`;
  const [runsStatus, toolsStatus] = await storeAction(toolHistoryLocation, () =>
    storage.postgresMigrationStatus(postgres, [
      runHistory.RUN_STORE_POSTGRES_MIGRATIONS,
      sessionHistory.SESSION_HISTORY_POSTGRES_MIGRATIONS,
    ]),
  ).catch(async (error: unknown) => {
    await postgres.close();
    throw error;
  });
  const conversations = createPostgresConversationStore({ postgres });
  let closing: Promise<void> | undefined;
  return {
    runs: (runsStatus?.applied ?? 0) > 0 ? runHistory.openPostgresRunStore({ postgres }) : undefined,
    toolHistory:
      (toolsStatus?.applied ?? 0) > 0 ? sessionHistory.openPostgresToolHistoryStore({ postgres }) : undefined,
    toolHistoryLocation,
    conversations,
    close: () => {
      closing ??= (async () => {
        await conversations.close();
        await postgres.close();
      })();
      return closing;
    },
  };
}

/**
 * The stores a conversation reset touches: SQLite files beside the agent, or with `storage.postgres` the
 * stores every host shares (a reset there forgets the conversation for every host).
 */
export async function openAgentResetStores(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): Promise<AgentResetStores> {
  const settings = storeAction("storage.postgres", () => postgresStorageSettings(loaded, env));
  return settings === undefined ? openSqliteResetStores(loaded, env) : openPostgresResetStores(settings);
}
