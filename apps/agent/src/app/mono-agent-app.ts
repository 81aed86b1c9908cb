import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import type { ContinuationPoster, DeliveredContinuation } from "@mono-agent/continuations";
import type { InteractionHost } from "@mono-agent/interaction/host";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { ResolvedModel } from "../runtime/models.js";
import type { ConversationReset } from "./conversations/reset-conversation.js";
import type { AdapterSendTools } from "./interaction/ask-user-provider.js";
import type { RunContextOptions } from "./request-context/request-context-composition.js";
import type { RunRequest, RunResult } from "./run/run-agent.js";
import type { RunObserver, RunServerPreparer } from "./run/run-observer.js";
import type { AppToolProvider } from "./tools/app-tool-provider.js";

/** Options of `startMonoAgentApp`. Give `configPath` (a file) or `config` (an object), not both. */
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
  /**
   * Start the declared stdio MCP servers as soon as the config is loaded, while the stores open and the
   * model stack loads (a cold `mono-agent run`): the first run takes those processes over instead of
   * starting its own. Servers that get per-run env (`tools.mcpRequestContextServers`,
   * `tools.continuationServers`) still start with the run. The sandbox engine probe of the run starts
   * then too. Default false.
   */
  prelaunchStdioServers?: boolean;
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
