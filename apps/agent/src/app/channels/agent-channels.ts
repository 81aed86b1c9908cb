import { dirname, join } from "node:path";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ChannelHost, EventDedupeStore } from "@mono-agent/channel-kit";
import { createSqliteEventDedupeStore } from "@mono-agent/channel-kit/sqlite";
import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import type { ContinuationPoster } from "@mono-agent/continuations";
import { mergeMcpServers } from "@mono-agent/http-kit/mcp";
import type { AskChannel } from "@mono-agent/interaction";
import { outboundRoot } from "@mono-agent/mcp-env";
import { ADAPTER_SEND_SERVER_NAME, createToolPolicy } from "@mono-agent/policy";
import {
  composeSlackChannel,
  type SlackAskAnswerer,
  type SlackChannel,
  type SlackChannelTuning,
} from "@mono-agent/slack";
import {
  composeTelegramChannel,
  type TelegramChannel,
  type TelegramChannelTuning,
} from "@mono-agent/telegram";
import type { AdapterSendTools } from "../interaction/ask-user-provider.js";
import type { MonoAgentApp } from "../start-mono-agent-app.js";

/** Where the channels remember the platform events they took: beside the artifacts folder. */
export function channelEventStoreFile(loaded: LoadedConfig): string {
  return join(dirname(loaded.artifactsDir), "channel-events.sqlite");
}

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

/**
 * The channels composition: Slack from `slack.*` and Telegram from `telegram.*` (secrets from `env`), their
 * events deduplicated in `.mono-agent/channel-events.sqlite` (or the shared database), runs through the
 * app, the send tools served to each run as the request-scoped `mono-agent-adapter-send` server.
 */
export function createAgentChannels(options: AgentChannelsOptions): AgentChannels {
  let closeStore: (() => Promise<void>) | undefined;
  const warn = (message: string) => options.onWarning?.(message);
  const slack = composeSlackChannel({
    env: options.env,
    onWarning: warn,
    ...(options.slack ? { tuning: options.slack } : {}),
  });
  const telegram = composeTelegramChannel({
    env: options.env,
    onWarning: warn,
    ...(options.telegram ? { tuning: options.telegram } : {}),
  });
  const adapterSendTools: AdapterSendTools = {
    isOffered: (run) => slack.isOffered() || telegram.isOffered(run),
    createServer: (run) => {
      const servers = [
        ...(slack.isOffered() ? [slack.createServer(run.conversationId)] : []),
        ...(telegram.isOffered(run) ? [telegram.createServer(run)] : []),
      ];
      return servers.length === 1
        ? (servers[0] as McpServer)
        : mergeMcpServers(ADAPTER_SEND_SERVER_NAME, servers);
    },
  };
  const continuationPoster: ContinuationPoster = {
    accepts: (conversationId) => slack.accepts(conversationId) || telegram.accepts(conversationId),
    post: (conversationId, text) =>
      telegram.accepts(conversationId)
        ? telegram.post(conversationId, text)
        : slack.post(conversationId, text),
  };
  return {
    adapterSendTools,
    continuationPoster,
    get slack() {
      return slack.channel;
    },
    get telegram() {
      return telegram.channel;
    },
    async start(app) {
      const loaded = app.loaded;
      const policy = createToolPolicy({
        allowedTools: loaded.config.tools.allowedTools,
        disallowedTools: loaded.config.tools.disallowedTools,
      });
      let dedupe: EventDedupeStore | undefined;
      // PostgreSQL (pg) is loaded only by a host that shares its stores.
      const postgresDedupe = app.sharedPostgres
        ? (await import("@mono-agent/channel-kit/postgres")).createPostgresEventDedupeStore
        : undefined;
      const host: ChannelHost = {
        app: { run: (request) => app.run(request) },
        session: loaded.config.runtime.session,
        deliveryHistory: { append: (entry) => app.recordDelivery(entry) },
        dedupe: () => {
          if (dedupe === undefined) {
            // With storage.postgres an event retried onto another host is still taken once.
            const opened =
              app.sharedPostgres && postgresDedupe
                ? postgresDedupe({ postgres: app.sharedPostgres })
                : createSqliteEventDedupeStore({ file: channelEventStoreFile(loaded) });
            dedupe = opened;
            closeStore = () => opened.close();
          }
          return dedupe;
        },
      };
      const asks = {
        answerAsk: ((askId, answer, answeredBy) =>
          app.interaction.broker.answer(askId, answer, answeredBy)) satisfies SlackAskAnswerer,
        addAskChannel: (channel: AskChannel) => app.interaction.addChannel(channel),
      };
      const slackLine = await slack.start({ slack: loaded.config.slack, policy, host, ...asks });
      const telegramLine = await telegram.start({
        telegram: loaded.config.telegram,
        policy,
        host,
        runOutputRoot: outboundRoot(loaded),
        workspaceDir: loaded.workspaceDir,
        ...asks,
      });
      return [slackLine, telegramLine].filter((line): line is string => line !== undefined);
    },
    async stop() {
      await slack.stop();
      await telegram.stop();
      await closeStore?.();
      closeStore = undefined;
    },
  };
}
