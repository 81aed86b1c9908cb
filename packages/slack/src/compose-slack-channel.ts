import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ChannelHost } from "@mono-agent/channel-kit";
import type { EnvRecord, SlackConfig } from "@mono-agent/config";
import { logicalConversationId } from "@mono-agent/ids";
import { ADAPTER_SEND_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import { isSlackSendOffered } from "./is-slack-send-offered.js";
import { postSlackText } from "./post-slack-text.js";
import { resolveSlackConfig } from "./resolve-slack-config.js";
import { isSlackChannelAllowed } from "./slack-allowlist.js";
import type { SlackAskAnswerer, SlackAskChannel } from "./slack-ask-channel.js";
import { parseSlackConversationId } from "./slack-conversation-id.js";
import { createSlackSendMessageServer } from "./slack-send-message-server.js";
import {
  type SlackChannel,
  type StartSlackChannelOptions,
  startSlackChannel,
} from "./start-slack-channel.js";

/** Test and host hooks of the Slack channel beyond `slack.*` (a shorter retry policy, a faster edit rate). */
export type SlackChannelTuning = Pick<
  StartSlackChannelOptions,
  "retryConfig" | "minUpdateIntervalMs" | "now"
>;

/** What {@link SlackComposition.start} is given by the host. */
export interface SlackCompositionStart {
  /** The `slack` block of the config; without one the channel does not start. */
  slack: SlackConfig | undefined;
  /** The host's tool policy: SlackSendMessage is served only while it offers it. */
  policy: ToolPolicy;
  host: ChannelHost;
  /** Answers an ask from its buttons (the host's interaction broker). */
  answerAsk: SlackAskAnswerer;
  /** Registers the channel's ask port with the host's interaction broker. */
  addAskChannel(channel: SlackAskChannel): void;
}

/** The Slack channel of a host: started and stopped with it, with its send tool and continuation posts. */
export interface SlackComposition {
  readonly channel: SlackChannel | undefined;
  /** Whether SlackSendMessage is served to runs now (the channel runs and the policy offers it). */
  isOffered(): boolean;
  /** The request-scoped `mono-agent-adapter-send` server with SlackSendMessage for one run. */
  createServer(producingConversationId: string): McpServer;
  /** Whether `conversationId` is an allowed Slack thread of the running channel. */
  accepts(conversationId: string): boolean;
  /** Posts `text` into the thread of `conversationId`; throws when it is not allowed or Slack refused it. */
  post(conversationId: string, text: string): Promise<void>;
  /** Starts the channel when `slack.*` is configured; resolves to its status line, or undefined. Throws on bad config or a refused token. */
  start(options: SlackCompositionStart): Promise<string | undefined>;
  /** Stops receiving and waits for the answers in progress. Idempotent. */
  stop(): Promise<void>;
}

/**
 * The Slack channel of a host, from `slack.*` (secrets read from `env`): runs through the host's app,
 * SlackSendMessage served to each run as the request-scoped `mono-agent-adapter-send` server while the
 * channel runs and the policy offers it, and continuation deliveries posted into their thread.
 */
export function composeSlackChannel(options: {
  env: EnvRecord;
  onWarning: (message: string) => void;
  tuning?: SlackChannelTuning;
}): SlackComposition {
  let slack: SlackChannel | undefined;
  let policy: ToolPolicy | undefined;
  let config: SlackConfig | undefined;
  let host: ChannelHost | undefined;
  const allowlist = () => ({
    allowedChannelIds: config?.allowedChannelIds ?? [],
    allowAllChannels: config?.allowAllChannels ?? false,
    allowDirectMessages: config?.allowDirectMessages ?? false,
  });
  const target = (conversationId: string) => {
    const parsed = parseSlackConversationId(logicalConversationId(conversationId));
    return parsed && isSlackChannelAllowed(allowlist(), parsed.channel) ? parsed : undefined;
  };
  return {
    get channel() {
      return slack;
    },
    isOffered: () => slack !== undefined && policy !== undefined && isSlackSendOffered(policy),
    createServer(producingConversationId) {
      const channel = slack as SlackChannel;
      return createSlackSendMessageServer({
        serverName: ADAPTER_SEND_SERVER_NAME,
        client: channel.client,
        budget: channel.budget,
        allowlist: allowlist(),
        deliveryHistory: (host as ChannelHost).deliveryHistory,
        producingConversationId,
      });
    },
    accepts: (conversationId) => slack !== undefined && target(conversationId) !== undefined,
    async post(conversationId, text) {
      const parsed = target(conversationId);
      if (slack === undefined || parsed === undefined)
        throw new Error(`${conversationId} is not an allowed Slack conversation of a running channel`);
      await postSlackText(slack, parsed, text);
    },
    async start(started) {
      host = started.host;
      config = started.slack;
      policy = started.policy;
      const resolved = resolveSlackConfig(started.slack, options.env);
      if (resolved === undefined) return undefined;
      if (!resolved.ok) throw new Error(`Slack cannot start: ${resolved.problems.join("; ")}`);
      const settings = resolved.config;
      slack = await startSlackChannel({
        mode: settings.mode,
        botToken: resolved.botToken,
        ...(resolved.appToken !== undefined ? { appToken: resolved.appToken } : {}),
        ...(resolved.signingSecret !== undefined ? { signingSecret: resolved.signingSecret } : {}),
        http: settings.http,
        apiUrl: settings.apiUrl,
        allowedChannelIds: settings.allowedChannelIds,
        allowAllChannels: settings.allowAllChannels,
        allowDirectMessages: settings.allowDirectMessages,
        suggestedPrompts: settings.suggestedPrompts,
        app: started.host.app,
        dedupe: started.host.dedupe(),
        session: started.host.session,
        onWarning: options.onWarning,
        answerAsk: started.answerAsk,
        ...options.tuning,
      });
      if (slack.askChannel) started.addAskChannel(slack.askChannel);
      const where =
        settings.mode === "http"
          ? `HTTP events on ${settings.http.host}:${slack.port}${settings.http.path}`
          : "Socket Mode";
      return `Slack: ${where}, as <@${slack.botUserId}>`;
    },
    async stop() {
      const running = slack;
      slack = undefined;
      await running?.stop();
    },
  };
}
