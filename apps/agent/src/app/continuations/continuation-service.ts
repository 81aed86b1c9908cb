import { type LoadedConfig, requireDetachedServiceTokens } from "@mono-agent/config";
import {
  type ContinuationPoster,
  createConversationChannel,
  createModelTurnSynthesizer,
  createOriginContextObserver,
  type DeliveredContinuation,
  type DeliveryLookups,
  storeDeliveryLookups,
  toOriginMessages,
} from "@mono-agent/continuations";
import {
  type ContinuationService,
  type ContinuationWorkerHooks,
  type SharedContinuationStore,
  sqliteDeliveryLookups,
  startContinuationService,
} from "@mono-agent/continuations/node";
import type { McpTaskHandoff } from "@mono-agent/mcp-bridge";
import { createRunTaskHandoff } from "@mono-agent/mcp-bridge/tasks";
import type { ConversationStore, SqliteConversationStore } from "../../conversations/conversation-store.js";
import type { ResolvedModel } from "../../runtime/models.js";
import type { AgentStorage } from "../../storage/agent-storage.js";
import type { RunObserver } from "../run/run-observer.js";
import type { RunRecordingService } from "../run/run-recorder-observer.js";
import { conversationChannelPort } from "./continuation-delivery.js";
import { createSynthesisModelTurn } from "./continuation-synthesis.js";
import { continuationsStateDir } from "./continuations-state-dir.js";
import { handedOffTaskStore, startAgentTaskWatcher } from "./task-watcher.js";

/** The continuation service of an app, with its run observer (origin-context lifecycle). */
export interface AgentContinuations {
  readonly service: ContinuationService;
  /** Closes claims and snapshots the origin context before a run commits; activates or abandons after. */
  readonly observer: RunObserver;
  /** The run's MCP task hand-off (tasks of `tools.continuationServers` servers may outlive it). */
  taskHandoff(run: { runId: string; conversationId: string }): McpTaskHandoff | undefined;
  /** Polls the handed-off tasks that are due now (a timer does it every second). */
  pollTasks(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The continuation store every host on `storage.postgres` shares (its migrations were applied when the
 * storage opened), and the channel's lookups in the shared conversation store.
 */
export async function sharedContinuations(storage: Extract<AgentStorage, { kind: "postgres" }>): Promise<{
  store: SharedContinuationStore;
  lookups: DeliveryLookups;
}> {
  // pg is loaded only by a host that shares its stores.
  const { openPostgresContinuationStore } = await import("@mono-agent/continuations/postgres");
  return {
    store: openPostgresContinuationStore({
      url: storage.settings.url,
      schema: storage.settings.schema,
      displayUrl: storage.postgres.displayUrl,
    }),
    // drizzle's node-postgres driver is loaded only by a host that shares its stores.
    lookups: storeDeliveryLookups(storage.conversations, async (conversationId, runId) => {
      const { readPostgresRunMessageJson } = await import(
        "../../conversations/conversation-store-postgres.js"
      );
      return readPostgresRunMessageJson(storage.postgres, conversationId, runId);
    }),
  };
}

/**
 * Starts the continuation service of an app on `continuations.host:port` (loopback only), with the
 * synthesis over `runtime.model` and delivery into the conversation store (the package's channel and
 * synthesizer over the app's ports). The observer hands `agent_end` and the run's end to the package's
 * origin-context observer (reference §7.3); the bridge's task watcher follows handed-off tasks.
 */
export async function startAgentContinuations(options: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  customModels: Readonly<Record<string, ResolvedModel>>;
  conversations: SqliteConversationStore | ConversationStore;
  /**
   * The continuation store several hosts share (storage.postgres), with how the channel reads the shared
   * conversation store. Default: the SQLite store in the state folder, owned by this process.
   */
  shared?: { store: SharedContinuationStore; lookups: DeliveryLookups };
  /** Run recording of the app: each delivery is recorded as a run of source `continuation`. */
  runRecording?: RunRecordingService;
  /** Told of every delivery that reached its conversation (the web console refreshes the thread). */
  onDelivered?: (delivery: DeliveredContinuation) => void;
  /** Posts deliveries into their chat threads too (the Slack channel of serve). */
  poster?: ContinuationPoster;
  /** Overrides `continuations.port` (tests pass 0). */
  port?: number;
  /** Test-only pause points of the worker. */
  hooks?: ContinuationWorkerHooks;
  /** Applied to a handed-off task's outcome before it is stored (the host's secrets and token shapes). */
  redactText?: (text: string) => string;
  onError?: (error: unknown) => void;
}): Promise<AgentContinuations> {
  const { loaded, conversations, runRecording } = options;
  const block = loaded.config.continuations;
  const lookups =
    options.shared?.lookups ?? sqliteDeliveryLookups((conversations as SqliteConversationStore).file);
  const service = await startContinuationService({
    stateDir: continuationsStateDir(loaded),
    ...(options.shared ? { sharedStore: options.shared.store } : {}),
    host: block?.host ?? "127.0.0.1",
    port: options.port ?? block?.port ?? 4319,
    ...(block
      ? {
          limits: block.limits,
          namedRoutes: block.namedRoutes,
          retention: block.retention,
          // Bearers from the host env the app was given (never process.env); unset or short ⇒ start-up error naming the variable.
          detachedServices: requireDetachedServiceTokens(block.detachedServices, options.env),
        }
      : {}),
    // Detached continuations synthesize over the latest turns of their route's conversation.
    latestOriginMessages: async (conversationId) =>
      toOriginMessages(await conversations.loadMessages(conversationId)),
    synthesizer: createModelTurnSynthesizer(createSynthesisModelTurn(options)),
    channel: createConversationChannel(conversationChannelPort(conversations, lookups), {
      ...(options.onDelivered ? { onDelivered: options.onDelivered } : {}),
      ...(options.poster ? { poster: options.poster } : {}),
      ...(runRecording
        ? {
            recordRun: (delivery) =>
              runRecording.recordContinuationDelivery({
                runId: delivery.deliveryId,
                conversationId: delivery.conversationId,
                serverName: delivery.serverName,
                originRunId: delivery.originRunId,
                model: loaded.config.runtime.model,
                text: delivery.text,
                ...(delivery.synthesisUsage ? { usage: delivery.synthesisUsage } : {}),
                startedAt: new Date(),
              }),
          }
        : {}),
    }),
    isOriginCommitted: (runId) => lookups.hasRun(runId),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const origin = createOriginContextObserver({
    service,
    loadMessages: (conversationId) => conversations.loadMessages(conversationId),
  });
  const observer: RunObserver = {
    async onAgentEvent(info, event) {
      if (event.type === "agent_end") await origin.onAgentEnd(info, event.messages);
    },
    onRunEnd: (info, result) => origin.onRunEnd(info, result.status === "succeeded"),
  };
  const tasks = handedOffTaskStore(service);
  const watcher = startAgentTaskWatcher({
    loaded,
    env: options.env,
    store: tasks,
    redactText: options.redactText ?? ((text) => text),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const serverNames = loaded.config.tools.continuationServers;
  return {
    service,
    observer,
    taskHandoff: (run) =>
      serverNames.length === 0
        ? undefined
        : createRunTaskHandoff({
            store: tasks,
            serverNames,
            afterMs: loaded.config.tools.mcpTaskHandoffAfterMs,
            runId: run.runId,
            conversationId: run.conversationId,
          }),
    pollTasks: () => watcher.poll(),
    async close() {
      await watcher.close();
      await service.close();
    },
  };
}
