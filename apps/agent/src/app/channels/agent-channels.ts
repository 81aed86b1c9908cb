import { dirname, join } from "node:path";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ChannelApp, EventDedupeStore } from "@mono-agent/channel-kit";
import { createSqliteEventDedupeStore } from "@mono-agent/channel-kit/sqlite";
import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { mergeMcpServers } from "@mono-agent/http-kit/mcp";
import { logicalConversationId } from "@mono-agent/ids";
import {
  ADAPTER_SEND_SERVER_NAME,
  createToolPolicy,
  evaluateTool,
  type ToolPolicy,
} from "@mono-agent/policy";
import {
  createSlackSendMessageServer,
  isSlackChannelAllowed,
  parseSlackConversationId,
  postSlackText,
  SLACK_SEND_MESSAGE_TOOL_NAME,
  type SlackChannel,
  type StartSlackChannelOptions,
  startSlackChannel,
} from "@mono-agent/slack";
import type { TelegramChannel } from "@mono-agent/telegram";
import type { ContinuationPoster } from "../continuations/continuation-delivery.js";
import type { AdapterSendTools } from "../interaction/ask-user-provider.js";
import type { MonoAgentApp } from "../start-mono-agent-app.js";
import { resolveSlackConfig } from "./resolve-slack-config.js";
import { composeTelegram, type TelegramChannelTuning } from "./telegram-channel-composition.js";

/** Where the channels remember the platform events they took: beside the artifacts folder. */
export function channelEventStoreFile(loaded: LoadedConfig): string {
  return join(dirname(loaded.artifactsDir), "channel-events.sqlite");
}

/** Test and host hooks of the Slack channel beyond `slack.*` (a shorter retry policy, a faster edit rate). */
export type SlackChannelTuning = Pick<
  StartSlackChannelOptions,
  "retryConfig" | "minUpdateIntervalMs" | "now"
>;

/** Options of {@link createAgentChannels}. */
export interface AgentChannelsOptions {
  env: EnvRecord;
  /** Warnings of the channels (a post that failed, a file not staged); the CLI prints them. */
  onWarning?: (message: string) => void;
  slack?: SlackChannelTuning;
  telegram?: TelegramChannelTuning;
}

/** The chat channels of one app (Slack, Telegram), started and stopped with `serve`. */
export interface AgentChannels {
  /** The adapter send tools (SlackSendMessage): pass them to `startMonoAgentApp`'s `adapterSendTools`. */
  readonly adapterSendTools: AdapterSendTools;
  /** Posts delivered continuations into their Slack thread: pass it to `startMonoAgentApp`'s `continuationPoster`. */
  readonly continuationPoster: ContinuationPoster;
  /** Starts every configured channel of `app`; resolves to a line per started channel. Throws on bad config or a refused token. */
  start(app: MonoAgentApp): Promise<string[]>;
  readonly slack: SlackChannel | undefined;
  readonly telegram: TelegramChannel | undefined;
  /** Stops receiving, waits for the answers in progress, closes the event store. Idempotent. */
  stop(): Promise<void>;
}

/** Whether SlackSendMessage is offered under `policy` with a running Slack channel. */
export function isSlackSendOffered(policy: ToolPolicy): boolean {
  return (
    evaluateTool(policy, SLACK_SEND_MESSAGE_TOOL_NAME, { adapters: { slack: true } }).decision === "offered"
  );
}

/**
 * The channels composition: Slack from `slack.*` (secrets from `env`), its events deduplicated in
 * `.mono-agent/channel-events.sqlite`, runs through the app, SlackSendMessage served to each run as the
 * request-scoped `mono-agent-adapter-send` server while the channel runs and the policy offers it.
 */
export function createAgentChannels(options: AgentChannelsOptions): AgentChannels {
  let slack: SlackChannel | undefined;
  let policy: ToolPolicy | undefined;
  let app: MonoAgentApp | undefined;
  let closeStore: (() => Promise<void>) | undefined;
  const warn = (message: string) => options.onWarning?.(message);
  const telegram = composeTelegram({
    env: options.env,
    onWarning: warn,
    ...(options.telegram ? { tuning: options.telegram } : {}),
  });
  const slackOffered = () => slack !== undefined && policy !== undefined && isSlackSendOffered(policy);
  const adapterSendTools: AdapterSendTools = {
    isOffered: (run) => slackOffered() || telegram.isOffered(run),
    createServer: (run) => {
      const servers = [
        ...(slackOffered() ? [createSlackServer(run.conversationId)] : []),
        ...(telegram.isOffered(run) ? [telegram.createServer(run)] : []),
      ];
      return servers.length === 1
        ? (servers[0] as McpServer)
        : mergeMcpServers(ADAPTER_SEND_SERVER_NAME, servers);
    },
  };
  const createSlackServer = (producingConversationId: string) => {
    const channel = slack as SlackChannel;
    return createSlackSendMessageServer({
      serverName: ADAPTER_SEND_SERVER_NAME,
      client: channel.client,
      budget: channel.budget,
      allowlist: allowlist(),
      deliveryHistory: { append: (entry) => (app as MonoAgentApp).recordDelivery(entry) },
      producingConversationId,
    });
  };
  const allowlist = () => {
    const config = app?.loaded.config.slack;
    return {
      allowedChannelIds: config?.allowedChannelIds ?? [],
      allowAllChannels: config?.allowAllChannels ?? false,
      allowDirectMessages: config?.allowDirectMessages ?? false,
    };
  };
  const slackTarget = (conversationId: string) => {
    const target = parseSlackConversationId(logicalConversationId(conversationId));
    return target && isSlackChannelAllowed(allowlist(), target.channel) ? target : undefined;
  };
  const continuationPoster: ContinuationPoster = {
    accepts: (conversationId) =>
      (slack !== undefined && slackTarget(conversationId) !== undefined) || telegram.accepts(conversationId),
    async post(conversationId, text) {
      if (telegram.accepts(conversationId)) return telegram.post(conversationId, text);
      const target = slackTarget(conversationId);
      if (slack === undefined || target === undefined)
        throw new Error(`${conversationId} is not an allowed Slack conversation of a running channel`);
      await postSlackText(slack, target, text);
    },
  };
  return {
    adapterSendTools,
    continuationPoster,
    get slack() {
      return slack;
    },
    get telegram() {
      return telegram.channel;
    },
    async start(started) {
      app = started;
      const loaded = started.loaded;
      policy = createToolPolicy({
        allowedTools: loaded.config.tools.allowedTools,
        disallowedTools: loaded.config.tools.disallowedTools,
      });
      const lines: string[] = [];
      let dedupe: EventDedupeStore | undefined;
      // PostgreSQL (pg) is loaded only by a host that shares its stores.
      const postgresDedupe = started.sharedPostgres
        ? (await import("@mono-agent/channel-kit/postgres")).createPostgresEventDedupeStore
        : undefined;
      const dedupeStore = () => {
        if (dedupe === undefined) {
          // With storage.postgres an event retried onto another host is still taken once.
          const opened =
            started.sharedPostgres && postgresDedupe
              ? postgresDedupe({ postgres: started.sharedPostgres })
              : createSqliteEventDedupeStore({ file: channelEventStoreFile(loaded) });
          dedupe = opened;
          closeStore = () => opened.close();
        }
        return dedupe;
      };
      const resolved = resolveSlackConfig(loaded, options.env);
      if (resolved !== undefined) {
        if (!resolved.ok) throw new Error(`Slack cannot start: ${resolved.problems.join("; ")}`);
        const config = resolved.config;
        const channelApp: ChannelApp = { run: (request) => started.run(request) };
        slack = await startSlackChannel({
          mode: config.mode,
          botToken: resolved.botToken,
          ...(resolved.appToken !== undefined ? { appToken: resolved.appToken } : {}),
          ...(resolved.signingSecret !== undefined ? { signingSecret: resolved.signingSecret } : {}),
          http: config.http,
          apiUrl: config.apiUrl,
          allowedChannelIds: config.allowedChannelIds,
          allowAllChannels: config.allowAllChannels,
          allowDirectMessages: config.allowDirectMessages,
          suggestedPrompts: config.suggestedPrompts,
          app: channelApp,
          dedupe: dedupeStore(),
          session: loaded.config.runtime.session,
          onWarning: warn,
          answerAsk: (askId, answer, answeredBy) =>
            started.interaction.broker.answer(askId, answer, answeredBy),
          ...options.slack,
        });
        if (slack.askChannel) started.interaction.addChannel(slack.askChannel);
        const where =
          config.mode === "http"
            ? `HTTP events on ${config.http.host}:${slack.port}${config.http.path}`
            : "Socket Mode";
        lines.push(`Slack: ${where}, as <@${slack.botUserId}>`);
      }
      const telegramLine = await telegram.start(started, policy, dedupeStore);
      if (telegramLine !== undefined) lines.push(telegramLine);
      return lines;
    },
    async stop() {
      const running = slack;
      slack = undefined;
      await running?.stop();
      await telegram.stop();
      await closeStore?.();
      closeStore = undefined;
    },
  };
}
