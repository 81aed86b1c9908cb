import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ChannelHost } from "@mono-agent/channel-kit";
import type { EnvRecord, TelegramConfig } from "@mono-agent/config";
import { logicalConversationId } from "@mono-agent/ids";
import { ADAPTER_SEND_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import { postTelegramText } from "./post-telegram-text.js";
import { resolveTelegramConfig } from "./resolve-telegram-config.js";
import {
  type StartTelegramChannelOptions,
  startTelegramChannel,
  type TelegramChannel,
} from "./start-telegram-channel.js";
import { isTelegramChatAllowed } from "./telegram-allowlist.js";
import type { TelegramAskAnswerer, TelegramAskChannel } from "./telegram-ask-channel.js";
import { parseTelegramConversationId } from "./telegram-conversation-id.js";
import { createTelegramSendServer } from "./telegram-send-server.js";
import { telegramSendToolsOffered } from "./telegram-send-tools-offered.js";

/** Test and host hooks of the Telegram channel beyond `telegram.*` (a faster edit rate, shorter polls). */
export type TelegramChannelTuning = Pick<
  StartTelegramChannelOptions,
  "minUpdateIntervalMs" | "retry" | "pollTimeoutSeconds" | "now"
>;

/** The run a send server is made for. */
export interface TelegramSendRun {
  runId: string;
  conversationId: string;
}

/** What {@link TelegramComposition.start} is given by the host. */
export interface TelegramCompositionStart {
  /** The `telegram` block of the config; without one the channel does not start. */
  telegram: TelegramConfig | undefined;
  /** The host's tool policy: each send tool is served only while it offers it. */
  policy: ToolPolicy;
  host: ChannelHost;
  /** The folder whose `<run-id>` subfolders TelegramSendFile may read (the host's outbound root). */
  runOutputRoot: string;
  /** The workspace folder, for paths the model gives relative to it. */
  workspaceDir: string;
  /** Answers an ask from its inline keyboard (the host's interaction broker). */
  answerAsk: TelegramAskAnswerer;
  /** Registers the channel's ask port with the host's interaction broker. */
  addAskChannel(channel: TelegramAskChannel): void;
}

/** The Telegram channel of a host: started and stopped with it, with its send tools and continuation posts. */
export interface TelegramComposition {
  readonly channel: TelegramChannel | undefined;
  /** Whether a send tool is served to `run` now (the channel runs, the policy and `sendTools.scope` allow it). */
  isOffered(run: TelegramSendRun): boolean;
  /** The request-scoped `mono-agent-adapter-send` server with the offered send tools for one run. */
  createServer(run: TelegramSendRun): McpServer;
  /** Whether `conversationId` is an allowed chat of the running channel. */
  accepts(conversationId: string): boolean;
  /** Posts `text` into the chat of `conversationId`; throws when it is not allowed or Telegram refused it. */
  post(conversationId: string, text: string): Promise<void>;
  /** Starts the channel when `telegram.*` is configured; resolves to its status line, or undefined. Throws on bad config or a refused token. */
  start(options: TelegramCompositionStart): Promise<string | undefined>;
  /** Stops receiving and waits for the answers in progress. Idempotent. */
  stop(): Promise<void>;
}

/**
 * The Telegram channel of a host, from `telegram.*` (secrets read from `env`): its send tools for the runs
 * the policy and `sendTools.scope` allow (with scope `producing-conversation`, only runs of an allowed
 * `telegram:` chat), and continuation deliveries into their chat.
 */
export function composeTelegramChannel(options: {
  env: EnvRecord;
  onWarning: (message: string) => void;
  tuning?: TelegramChannelTuning;
}): TelegramComposition {
  let telegram: TelegramChannel | undefined;
  let started: TelegramCompositionStart | undefined;
  let tools = { message: false, file: false };
  const config = () => started?.telegram;
  const allowlist = () => ({
    allowedChatIds: config()?.allowedChatIds ?? [],
    allowAllChats: config()?.allowAllChats ?? false,
  });
  const chatOf = (conversationId: string) => {
    const chat = parseTelegramConversationId(logicalConversationId(conversationId));
    return chat !== undefined && isTelegramChatAllowed(allowlist(), chat) ? chat : undefined;
  };
  return {
    get channel() {
      return telegram;
    },
    isOffered: (run) =>
      telegram !== undefined &&
      (tools.message || tools.file) &&
      (config()?.sendTools.scope !== "producing-conversation" || chatOf(run.conversationId) !== undefined),
    createServer(run) {
      const host = started as TelegramCompositionStart;
      const channel = telegram as TelegramChannel;
      const sendTools = host.telegram?.sendTools;
      return createTelegramSendServer({
        serverName: ADAPTER_SEND_SERVER_NAME,
        api: channel.api,
        allowlist: allowlist(),
        budget: channel.budget,
        scope: sendTools?.scope ?? "producing-conversation",
        pathScope: sendTools?.pathScope ?? "run-output",
        tools,
        deliveryHistory: host.host.deliveryHistory,
        producingConversationId: run.conversationId,
        runOutput: { root: host.runOutputRoot, runId: run.runId },
        workspace: host.workspaceDir,
      });
    },
    accepts: (conversationId) => telegram !== undefined && chatOf(conversationId) !== undefined,
    async post(conversationId, text) {
      const chat = chatOf(conversationId);
      if (telegram === undefined || chat === undefined)
        throw new Error(`${conversationId} is not an allowed Telegram chat of a running channel`);
      await postTelegramText(telegram, chat, text);
    },
    async start(startOptions) {
      started = startOptions;
      const resolved = resolveTelegramConfig(startOptions.telegram, options.env);
      if (resolved === undefined) return undefined;
      if (!resolved.ok) throw new Error(`Telegram cannot start: ${resolved.problems.join("; ")}`);
      tools = telegramSendToolsOffered(startOptions.policy);
      const settings = resolved.config;
      telegram = await startTelegramChannel({
        mode: settings.mode,
        botToken: resolved.botToken,
        apiRoot: settings.apiRoot,
        ...(resolved.secretToken !== undefined
          ? {
              webhook: {
                host: settings.webhook.host,
                port: settings.webhook.port,
                path: settings.webhook.path,
                secretToken: resolved.secretToken,
                ...(settings.webhook.url ? { url: settings.webhook.url } : {}),
              },
            }
          : {}),
        allowedChatIds: settings.allowedChatIds,
        allowAllChats: settings.allowAllChats,
        app: startOptions.host.app,
        dedupe: startOptions.host.dedupe(),
        session: startOptions.host.session,
        onWarning: options.onWarning,
        answerAsk: startOptions.answerAsk,
        ...options.tuning,
      });
      if (telegram.askChannel) startOptions.addAskChannel(telegram.askChannel);
      const where =
        settings.mode === "webhook"
          ? `webhook on ${settings.webhook.host}:${telegram.port}${settings.webhook.path}`
          : "long polling";
      return `Telegram: ${where}, as @${telegram.bot.username}`;
    },
    async stop() {
      const running = telegram;
      telegram = undefined;
      await running?.stop();
    },
  };
}
