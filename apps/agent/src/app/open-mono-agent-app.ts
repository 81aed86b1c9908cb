import { readFileSync } from "node:fs";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { parseAdapterSendIdempotencyKey } from "@mono-agent/channel-kit";
import type { LoadedConfig } from "@mono-agent/config";
import { ContinuationError, type DeliveredContinuation } from "@mono-agent/continuations";
import { askAudience } from "@mono-agent/interaction";
import { startInteractionHost } from "@mono-agent/interaction/host";
import type { StdioLauncher } from "@mono-agent/mcp-bridge";
import { collectHostSecrets } from "@mono-agent/mcp-env";
import type { ToolPolicy } from "@mono-agent/policy";
import { runHistoryToolServers } from "@mono-agent/run-history/recorder";
import { liveRunsOfConversation } from "@mono-agent/run-history/sqlite";
import type { HostProcessLedger } from "@mono-agent/sandbox/node";
import { openSessionHistoryTools, sessionHistoryFile } from "@mono-agent/session-history/sqlite";
import { collectProtectedPaths } from "@mono-agent/tools/check";
import { assertConversationId, logicalConversationId } from "../conversations/conversation-id.js";
import { openAgentStorage, postgresStorageSettings, postgresUrlSecrets } from "../storage/agent-storage.js";
import { startAgentCollaborators } from "./collaborators/agent-collaborators.js";
import { continuationMessage } from "./continuations/continuation-delivery.js";
import { continuationsWanted } from "./continuations/continuations-state-dir.js";
import {
  conversationBusyError,
  openToolHistoryForReset,
  resetConversationRecords,
} from "./conversations/reset-conversation.js";
import { rolloverConversationId } from "./conversations/rollover-conversation.js";
import { askUserProvider } from "./interaction/ask-user-provider.js";
import type { MonoAgentApp, StartMonoAgentAppOptions } from "./mono-agent-app.js";
import { composeRunContext } from "./request-context/request-context-composition.js";
import { DEFAULT_CONVERSATION_ID, type RunResult, runAgent } from "./run/run-agent.js";
import { createRunId } from "./run/run-id.js";
import { startRunRecording } from "./run/run-recorder-observer.js";
import { type StartupWarning, startOptional, startupWarningsPreparer } from "./startup-warnings.js";
import { conversationTitleProvider } from "./tools/conversation-title-provider.js";
import { requestScopedToolProvider } from "./tools/request-scoped-tool-provider.js";

/** The user side of a send into a fresh conversation (see `recordDelivery`). */
function deliveryNote(now: number): AgentMessage {
  return {
    role: "user",
    content: [
      {
        type: "text",
        text: "[mono-agent] The agent posted the next message here from another conversation.",
      },
    ],
    timestamp: now,
  } as AgentMessage;
}

function readOperatorToken(file: string): string[] {
  try {
    return [readFileSync(file, "utf8").trim()];
  } catch {
    return [];
  }
}

/** What `startMonoAgentApp` prepared before the stores: the config, its policy and the host ledger. */
export interface AppStart {
  loaded: LoadedConfig;
  policy: ToolPolicy;
  startupWarnings: StartupWarning[];
  ledger: HostProcessLedger | undefined;
  /** The stdio launcher of every run, when the start brought one (a cold run's, with servers started early). */
  stdio?: StdioLauncher;
  /** Ends the early-started servers no run took over; called on close. */
  closeUnusedServers?: () => Promise<void>;
}

/**
 * Opens the stores and composes the app over what `startMonoAgentApp` prepared. The ledger (and the
 * early-started servers) are the caller's to end when this throws.
 */
export async function openMonoAgentApp(
  options: StartMonoAgentAppOptions,
  start: AppStart,
): Promise<MonoAgentApp> {
  const { loaded, policy, startupWarnings, ledger } = start;
  const hostSecrets = collectHostSecrets(loaded, options.env, options.hostSecrets);
  const postgresSettings = postgresStorageSettings(loaded, options.env);
  if (postgresSettings) hostSecrets.add(postgresUrlSecrets(postgresSettings.url));
  const storage = await openAgentStorage(loaded, options.env, hostSecrets.redactText).catch(
    (error: unknown) => {
      ledger?.close();
      throw error;
    },
  );
  const conversations = storage.conversations;
  const memory = (await startOptional(
    startupWarnings,
    "memory_unavailable",
    "Memory (Remember, MemoryRecall, MemoryJournal)",
    // The memory tools' code loads only with a memory block (without one there are no memory tools).
    async () =>
      loaded.config.memory && loaded.memoryDir
        ? (
            await import("@mono-agent/memory/tools")
          ).openMemoryTools({
            loaded,
            policy,
            env: options.env,
            secretScanner: hostSecrets.scanner,
            serve: requestScopedToolProvider,
          })
        : undefined,
  )) ?? { store: undefined, providers: [], close() {} };
  const sidecarInput = {
    loaded,
    env: options.env,
    policy,
    secretScanner: hostSecrets.scanner,
    serve: requestScopedToolProvider,
  };
  // With storage.postgres the sidecar is the one shared store (loaded only then: a SQLite host never loads pg).
  const sessionHistory =
    storage.kind === "postgres"
      ? await (await import("@mono-agent/session-history/postgres")).openPostgresSessionHistoryTools({
          ...sidecarInput,
          postgres: storage.postgres,
        })
      : openSessionHistoryTools(sidecarInput);
  const recording =
    options.recordRuns === false
      ? undefined
      : await startRunRecording(
          loaded,
          options.env,
          hostSecrets.scanner,
          // With storage.postgres run records are shared by every host (docs/scaling.md).
          storage.kind === "postgres" ? storage.postgres : undefined,
        ).catch(async (error: unknown) => {
          // A run store that cannot open (damaged, a folder in its place) must not leave the stores opened
          // above holding the process open: the caller gets the error and can exit.
          await sessionHistory.close();
          await storage.close();
          memory.close();
          ledger?.close();
          throw error;
        });
  // With storage.postgres asks and approvals are shared by every host (docs/scaling.md).
  const interaction = startInteractionHost(
    loaded,
    [],
    storage.kind === "postgres" ? storage.openInteractionStore() : undefined,
  );
  const inFlight = new Set<Promise<RunResult>>();
  /** Runs in progress by logical conversation: what a reset must not pull the messages from under. */
  const activeRuns = new Map<string, Set<string>>();
  const deliveryListeners = new Set<(delivery: DeliveredContinuation) => void>();
  let closed = false;
  // The continuation service (when configured and the host brings no issuer of its own): claims,
  // results, synthesis and delivery; its observer snapshots the origin context before each commit.
  // Except when another live process owns the store (a second serve, or a run beside serve): that
  // fails the start with store_locked (docs/continuations.md), instead of running with claims off.
  let storeLocked: unknown;
  const continuations =
    options.continuationIssuer === undefined && continuationsWanted(loaded)
      ? await startOptional(
          startupWarnings,
          "continuations_unavailable",
          "The continuation service",
          async () => {
            // The service's code (its HTTP routes, the task watcher) loads only when a config asks for it.
            const { sharedContinuations, startAgentContinuations } = await import(
              "./continuations/continuation-service.js"
            );
            return startAgentContinuations({
              loaded,
              env: options.env,
              customModels: options.customModels ?? {},
              conversations: storage.conversations,
              // With storage.postgres every host works the one shared continuation store.
              ...(storage.kind === "postgres" ? { shared: await sharedContinuations(storage) } : {}),
              ...(options.continuationPoster ? { poster: options.continuationPoster } : {}),
              ...(recording ? { runRecording: recording } : {}),
              redactText: (text) => hostSecrets.scanner.replaceSecrets(text),
              onDelivered: (delivery) => {
                for (const listener of deliveryListeners)
                  try {
                    listener(delivery);
                  } catch {
                    // One listener's failure neither stops the others nor the delivery.
                  }
              },
            }).catch((error: unknown) => {
              if (ContinuationError.isInstance(error) && error.code === "store_locked") storeLocked = error;
              throw error;
            });
          },
        )
      : undefined;
  if (storeLocked !== undefined) {
    await sessionHistory.close();
    await storage.close();
    memory.close();
    await recording?.close();
    throw storeLocked;
  }
  // The operator API bearer exists only once the service has started: from then on it is a host secret too.
  if (continuations) hostSecrets.add(readOperatorToken(continuations.service.operatorTokenFile));
  // AskCollaborator: composed by the collaborators block alone (no policy check), see docs/collaborators.md.
  const collaborators = await startAgentCollaborators({
    loaded,
    env: options.env,
    secretScanner: hostSecrets.scanner,
    ...(continuations ? { continuations: continuations.service } : {}),
    startupWarnings,
  });
  const runContext = composeRunContext({
    loaded,
    policy,
    env: options.env,
    observers: options.observers ?? [],
    continuationIssuer: options.continuationIssuer ?? continuations?.service,
    ...(ledger ? { ledger } : {}),
    asks: {
      broker: interaction.broker,
      askUserTimeoutMs: interaction.askUserTimeoutMs,
      // Asks opened on the bridge were started by no person: they go where a trigger's asks go.
      audience: askAudience(loaded.config.interaction.answerers, "question"),
    },
  });
  const now = options.now ?? (() => new Date());
  const deps = {
    loaded,
    env: options.env,
    now,
    policy,
    conversations,
    appToolProviders: [
      ...(options.appToolProviders ?? []),
      conversationTitleProvider(policy),
      askUserProvider(policy, interaction, loaded.config.interaction.answerers, options.adapterSendTools),
      ...memory.providers,
      ...collaborators.providers,
      ...sessionHistory.appToolProviders,
      ...runHistoryToolServers({
        loaded,
        env: options.env,
        policy,
        store: recording?.store,
        ...(recording ? { readEvents: recording.readEvents } : {}),
      }).map((server) => requestScopedToolProvider(server)),
    ],
    customModels: options.customModels ?? {},
    observers: [
      ...(recording ? [recording.observer] : []),
      ...(continuations ? [continuations.observer] : []),
      ...runContext.observers,
      ...(options.observers ?? []),
      ...sessionHistory.observers,
    ],
    historyAugmenters: sessionHistory.historyAugmenters,
    ...(continuations ? { taskHandoff: continuations.taskHandoff } : {}),
    ...(start.stdio ? { stdio: start.stdio } : {}),
    hostSecrets,
    interaction,
    protectedPaths: collectProtectedPaths({
      loaded,
      cwd: options.cwd,
      ...(options.envFile !== undefined ? { envFile: options.envFile } : {}),
    }),
    preparers: [
      startupWarningsPreparer(startupWarnings),
      ...runContext.preparers,
      ...(options.preparers ?? []),
    ],
  };
  const inProcessRunsOf = (logical: string) =>
    [...(activeRuns.get(logical) ?? [])].map((runId) => ({ runId }));
  return {
    loaded,
    interaction,
    ...(runContext.bridge ? { interactionBridge: { get: runContext.bridge.get } } : {}),
    ...(storage.kind === "postgres" ? { sharedPostgres: storage.postgres } : {}),
    onContinuationDelivered(listener) {
      const registered = (delivery: DeliveredContinuation) => listener(delivery);
      deliveryListeners.add(registered);
      return () => deliveryListeners.delete(registered);
    },
    run(request) {
      if (closed)
        return Promise.reject(new Error("the mono-agent app is closed; start a new one to run again"));
      const startedAt = now();
      const runId = createRunId(startedAt);
      const requested = request.conversationId ?? DEFAULT_CONVERSATION_ID;
      const conversationId =
        typeof requested === "string"
          ? rolloverConversationId(requested, loaded.config.runtime.session, startedAt, options.hostTimeZone)
          : requested;
      const logical = typeof conversationId === "string" ? logicalConversationId(conversationId) : "";
      const active = activeRuns.get(logical) ?? new Set<string>();
      activeRuns.set(logical, active.add(runId));
      // On PostgreSQL, runs of one conversation wait for each other on every host (an advisory lock).
      const running = storage.runLock
        ? storage.runLock.run(
            logical,
            () => runAgent(deps, runId, { ...request, conversationId }, startedAt),
            request.signal,
          )
        : runAgent(deps, runId, { ...request, conversationId }, startedAt);
      inFlight.add(running);
      void running
        .finally(() => {
          inFlight.delete(running);
          active.delete(runId);
          if (active.size === 0 && activeRuns.get(logical) === active) activeRuns.delete(logical);
        })
        .catch(() => {});
      return running;
    },
    async recordDelivery(entry) {
      assertConversationId(entry.conversationId);
      parseAdapterSendIdempotencyKey(entry.idempotencyKey);
      // The key's ":" are not allowed in a run id; "_" appears in no Slack or Telegram id, so this is one-to-one.
      const runId = entry.idempotencyKey.replaceAll(":", "_");
      if (await conversations.hasRun(runId, entry.conversationId)) return "already_recorded";
      // A history restores whole turns (from a user message): a send into a fresh conversation gets a note
      // as its user side, so the next run there knows what the agent posted.
      const fresh = (await conversations.loadMessages(entry.conversationId)).length === 0;
      const now = Date.now();
      await conversations.appendMessages(entry.conversationId, runId, [
        ...(fresh ? [deliveryNote(now)] : []),
        continuationMessage(entry.text, now, "adapter-send"),
      ]);
      return "recorded";
    },
    async deliverMessage(conversationId, delivery, deliveryId) {
      const startedAt = now();
      const physical = rolloverConversationId(
        conversationId,
        loaded.config.runtime.session,
        startedAt,
        options.hostTimeZone,
      );
      if (!(await conversations.hasRun(deliveryId, physical)))
        await conversations.appendMessages(physical, deliveryId, [
          { role: "user", content: [{ type: "text", text: delivery.note }], timestamp: startedAt.getTime() },
          continuationMessage(delivery.text, startedAt.getTime(), "trigger"),
        ]);
      return physical;
    },
    async resetConversation(conversationId) {
      if (closed) throw new Error("the mono-agent app is closed; start a new one to reset a conversation");
      assertConversationId(conversationId);
      const logical = logicalConversationId(conversationId);
      if (activeRuns.has(logical)) throw conversationBusyError(conversationId, inProcessRunsOf(logical));
      if (recording) {
        const live = await liveRunsOfConversation(recording.store, conversationId);
        if (live.length > 0) throw conversationBusyError(conversationId, live);
      }
      // Writes of settled runs that outlived the foreground ceiling land before the delete, not after it.
      if ("writer" in sessionHistory) await sessionHistory.writer.drain();
      // Checked again with no await before the delete: a run started meanwhile would read the messages.
      if (activeRuns.has(logical)) throw conversationBusyError(conversationId, inProcessRunsOf(logical));
      if (closed) throw new Error("the mono-agent app is closed; start a new one to reset a conversation");
      const ownSidecar =
        "store" in sessionHistory ? undefined : openToolHistoryForReset(sessionHistoryFile(loaded));
      try {
        return await resetConversationRecords({
          conversationId,
          conversations,
          toolHistory: "store" in sessionHistory ? sessionHistory.store : ownSidecar,
        });
      } finally {
        ownSidecar?.close();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      await start.closeUnusedServers?.();
      await runContext.close();
      await collaborators.close();
      await continuations?.close();
      await sessionHistory.close();
      await storage.close();
      memory.close();
      await recording?.close();
      interaction.close();
      ledger?.close();
    },
  };
}
