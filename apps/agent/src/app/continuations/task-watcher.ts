import { COLLABORATORS_SERVER_NAME } from "@mono-agent/collaborators";
import type { LoadedConfig } from "@mono-agent/config";
import {
  type ContinuationService,
  handedOffTaskId,
  taskHandoffDeadlineMs,
} from "@mono-agent/continuations/node";
import { resolveRunServerSpecs } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore } from "@mono-agent/mcp-bridge/node";
import {
  type HandedOffTaskStore,
  type McpTaskWatcher,
  startMcpTaskWatcher,
} from "@mono-agent/mcp-bridge/tasks";
import { createWatchedStdioLauncher } from "../../runtime/create-watched-stdio-launcher.js";
import { mcpAuthStoreFile, mcpLoginHint } from "../mcp/mcp-auth-store-file.js";

/** The continuation service (SQLite or PostgreSQL store) as the bridge's store of handed-off tasks. */
export function handedOffTaskStore(
  service: Pick<ContinuationService, "handOffTask" | "taskHandoffs" | "settleTaskHandoff">,
): HandedOffTaskStore {
  return {
    handOffTask: (request) => service.handOffTask(request),
    handedOffTasks: () =>
      service.taskHandoffs().flatMap((record) => {
        // Collaborator tasks (A2A) are followed by their own follower (app/collaborators).
        if (record.serverName === COLLABORATORS_SERVER_NAME) return [];
        const taskId = handedOffTaskId(record);
        return taskId === undefined
          ? []
          : [
              {
                continuationId: record.continuationId,
                serverName: record.serverName,
                taskId,
                deadlineMs: taskHandoffDeadlineMs(record),
              },
            ];
      }),
    settleHandedOffTask: (continuationId, settlement) => {
      service.settleTaskHandoff(continuationId, settlement);
    },
  };
}

/**
 * The bridge's task watcher over an app's config: each round polls the servers the config declares
 * now (resolved like a run's, stdio under the watchdog, with the app's OAuth store); tasks of servers
 * no longer in `tools.continuationServers` are settled `unavailable`. The continuation worker then
 * synthesizes and delivers each settled outcome into its conversation.
 */
export function startAgentTaskWatcher(options: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  store: HandedOffTaskStore;
  redactText: (text: string) => string;
  onError?: (error: unknown) => void;
}): McpTaskWatcher {
  const { loaded, env } = options;
  return startMcpTaskWatcher({
    store: options.store,
    resolveServers: () => resolveRunServerSpecs(loaded, env).servers,
    followedServers: loaded.config.tools.continuationServers,
    stdio: createWatchedStdioLauncher(env, loaded.config.tools.mcpEnvPassthrough),
    auth: { store: createFileMcpAuthStore(mcpAuthStoreFile(loaded)), loginHint: mcpLoginHint },
    redactText: options.redactText,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
