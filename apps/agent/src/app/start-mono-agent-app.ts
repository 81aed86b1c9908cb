import { readFileSync } from "node:fs";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { parseAdapterSendIdempotencyKey } from "@mono-agent/channel-kit";
import { type EnvRecord, type LoadedConfig, loadMonoAgentConfig } from "@mono-agent/config";
import { ContinuationError } from "@mono-agent/continuations";
import { createToolPolicy } from "@mono-agent/policy";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import { assertConversationId, logicalConversationId } from "../conversations/conversation-id.js";
import { conversationStoreFile } from "../conversations/conversation-store-file.js";
import type { ResolvedModel } from "../runtime/models.js";
import { collectProtectedPaths } from "../runtime/protected-paths.js";
import { openAgentStorage, postgresStorageSettings, postgresUrlSecrets } from "../storage/agent-storage.js";
import type { AppToolProvider } from "./app-tool-provider.js";
import {
  type ContinuationPoster,
  continuationMessage,
  type DeliveredContinuation,
} from "./continuation-delivery.js";
import { continuationsWanted, sharedContinuations, startAgentContinuations } from "./continuation-service.js";
import { conversationTitleProvider } from "./conversation-title-provider.js";
import { startHostLedger } from "./host-leftovers.js";
import { collectHostSecrets } from "./host-secrets.js";
import { type AdapterSendTools, askUserProvider } from "./interaction/ask-user-provider.js";
import { type InteractionHost, startInteractionHost } from "./interaction/interaction-host.js";
import { openMemoryTools } from "./memory-tools.js";
import { composeRunContext, type RunContextOptions } from "./request-context-composition.js";
import {
  type ConversationReset,
  conversationBusyError,
  liveRunsOfConversation,
  openToolHistoryForReset,
  resetConversationRecords,
} from "./reset-conversation.js";
import { rolloverConversationId } from "./rollover-conversation.js";
import { DEFAULT_CONVERSATION_ID, type RunRequest, type RunResult, runAgent } from "./run-agent.js";
import { runHistoryProviders } from "./run-history-tool.js";
import type { RunObserver, RunServerPreparer } from "./run-hooks.js";
import { createRunId } from "./run-id.js";
import { startRunRecording } from "./run-recorder-observer.js";
import { openSessionHistorySidecar, sessionHistoryFile } from "./session-history-sidecar.js";
import { type StartupWarning, startOptional, startupWarningsPreparer } from "./startup-warnings.js";

export { conversationStoreFile };

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

/** Options of {@link startMonoAgentApp}. Give `configPath` (a file) or `config` (an object), not both. */
export interface StartMonoAgentAppOptions extends RunContextOptions {
  /** Path of `mono-agent.config.json`; its folder is the agent folder. */
  configPath?: string;
  /** The config as an object; the agent folder is then `cwd`. */
  config?: unknown;
  /** The host-resolved environment. Never read from `process.env` by the app: pass what the agent may see. */
  env: EnvRecord;
  /** Base for relative paths (and the agent folder for an inline config). */
  cwd: string;
  /** App-owned tool providers to compose into every run (RunHistory and the like). */
  appToolProviders?: readonly AppToolProvider[];
  /**
   * Models the host provides itself, by model reference (`"<provider>:<modelId>"`), consulted before
   * pi-ai's registry and `models.providers`: a custom pi-ai provider, or pi-ai's faux provider in tests.
   */
  customModels?: Readonly<Record<string, ResolvedModel>>;
  /** Observers of every run (recorders, live UIs); they watch, never change a run. */
  observers?: readonly RunObserver[];
  /** Per-run server preparation stages (trusted overlays), applied in order. */
  preparers?: readonly RunServerPreparer[];
  /** Record every run in `<artifacts.dir>/runs.sqlite` and `run-<runId>.events.jsonl` (default true). */
  recordRuns?: boolean;
  /** The dotenv file `env` was filled from (`--env-file`, relative to `cwd`): out of reach of the file tools. */
  envFile?: string;
  /** Secret values the host holds beyond `env` (the web console token): never persisted by a run. */
  hostSecrets?: readonly string[];
  /** Posts delivered continuations into their chat threads too (serve's Slack channel). */
  continuationPoster?: ContinuationPoster;
  /** Adapter send tools of the host's channels (SlackSendMessage), served on AskUser's `mono-agent-adapter-send`. */
  adapterSendTools?: AdapterSendTools;
  /** The clock runs start by (their `startedAt` and rollover bucket); default the system clock. */
  now?: () => Date;
  /** The zone of the daily rollover when `runtime.session.rolloverTimezone` is not set; default the host's. */
  hostTimeZone?: string;
}

/** A running mono-agent: one config, one set of stores, any number of runs. */
export interface MonoAgentApp {
  readonly loaded: LoadedConfig;
  /** The shared database when `storage.postgres` is on (its migrations applied): channels dedupe events there. */
  readonly sharedPostgres?: PostgresPool;
  /**
   * Asks, elicitations and approvals: add the channels that can answer (`interaction.addChannel`), answer
   * through `interaction.broker.answer`, read records in `interaction.store`.
   */
  readonly interaction: InteractionHost;
  /**
   * The loopback interaction bridge (`/v1/progress`, `/v1/asks`; see docs/interaction.md), present when the
   * config wants one (AskUser or a configured adapter send tool allowed, an `interaction.bridge` key set, or
   * progress for request-context servers). `get()` starts it on first use and returns its `url` and
   * `masterToken`, for the host's own components only (never hand the master bearer to an MCP server).
   */
  readonly interactionBridge?: { get(): Promise<{ readonly url: string; readonly masterToken: string }> };
  /** Handles one request: one Pi session with its MCP servers, from start to settle. */
  run(request: RunRequest): Promise<RunResult>;
  /**
   * Calls `listener` whenever a continuation result is delivered into a conversation of this app (live
   * views refresh on it); returns the unsubscribe function. Never called when the service is off.
   */
  onContinuationDelivered(listener: (delivery: DeliveredContinuation) => void): () => void;
  /**
   * Forgets a conversation, so its next run starts fresh: its stored messages and its SessionHistory
   * records, over every `#YYYY-MM-DD` rollover bucket of the logical conversation (`cli:a#2026-07-12`
   * and `cli:a` reset the same thing). Returns what was removed; an unknown conversation removes nothing
   * and is not an error. Recorded runs (RunHistory, `mono-agent runs`) are durable records and stay, as
   * do continuations pending for the conversation, web console threads and curated memory.
   *
   * Throws `invalid_conversation_id` for an id that is not `<channel>:<id>`, and `conversation_busy`
   * while a run of the logical conversation is in progress in this app, or (with run recording on) is
   * recorded as running by another live process. Nothing is removed when it throws.
   */
  resetConversation(conversationId: string): Promise<ConversationReset>;
  /**
   * Appends a confirmed channel send (SlackSendMessage, TelegramSendMessage) to the destination
   * conversation's history as an assistant message, once per `idempotencyKey`
   * (`adapter-send:<channel>:<destination>:<receipt>`): a repeat is `already_recorded` and changes nothing.
   */
  recordDelivery(entry: {
    conversationId: string;
    text: string;
    idempotencyKey: string;
  }): Promise<"recorded" | "already_recorded">;
  /**
   * Stores the answer of a run that ran elsewhere (an isolated trigger run delivered to its destination)
   * in `conversationId` (its rollover bucket applied): a user message `note` saying where it came from,
   * then `text` as the assistant's, so the next run of the conversation sees both. `deliveryId` (the run
   * id) makes it idempotent. Returns the physical conversation id.
   */
  deliverMessage(
    conversationId: string,
    delivery: { note: string; text: string },
    deliveryId: string,
  ): Promise<string>;
  /** Waits for runs in progress to settle, then closes the stores. Idempotent. */
  close(): Promise<void>;
}

/**
 * Loads the config, checks the tool policy and opens the stores. Throws `MonoAgentConfigError` or
 * `ToolPolicyError` for bad configuration before anything is started.
 */
export async function startMonoAgentApp(options: StartMonoAgentAppOptions): Promise<MonoAgentApp> {
  const loaded = await loadMonoAgentConfig({
    cwd: options.cwd,
    env: options.env,
    ...(options.configPath !== undefined ? { configPath: options.configPath } : {}),
    ...(options.config !== undefined ? { config: options.config } : {}),
  });
  const policy = createToolPolicy({
    allowedTools: loaded.config.tools.allowedTools,
    disallowedTools: loaded.config.tools.disallowedTools,
  });
  const hostSecrets = collectHostSecrets(loaded, options.env, options.hostSecrets);
  const startupWarnings: StartupWarning[] = [];
  const ledger = await startOptional(
    startupWarnings,
    "host_ledger_unavailable",
    "Reaping after a crash",
    () => startHostLedger(loaded),
  );
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
    () => openMemoryTools({ loaded, policy, env: options.env, secretScanner: hostSecrets.scanner }),
  )) ?? { store: undefined, providers: [], close() {} };
  const sidecarInput = { loaded, env: options.env, policy, secretScanner: hostSecrets.scanner };
  // With storage.postgres the sidecar is the one shared store (loaded only then: a SQLite host never loads pg).
  const sessionHistory =
    storage.kind === "postgres"
      ? await (await import("./session-history-sidecar-postgres.js")).openPostgresSessionHistorySidecar({
          ...sidecarInput,
          postgres: storage.postgres,
        })
      : openSessionHistorySidecar(sidecarInput);
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
          async () =>
            startAgentContinuations({
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
            }),
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
  const runContext = composeRunContext({
    loaded,
    policy,
    env: options.env,
    observers: options.observers ?? [],
    continuationIssuer: options.continuationIssuer ?? continuations?.service,
    ...(ledger ? { ledger } : {}),
    asks: { broker: interaction.broker, askUserTimeoutMs: interaction.askUserTimeoutMs },
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
      askUserProvider(policy, interaction, options.adapterSendTools),
      ...memory.providers,
      ...sessionHistory.appToolProviders,
      ...runHistoryProviders({
        loaded,
        env: options.env,
        policy,
        store: recording?.store,
        ...(recording ? { readEvents: recording.readEvents } : {}),
      }),
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
      await runContext.close();
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
