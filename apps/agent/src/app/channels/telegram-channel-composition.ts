import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ChannelApp, EventDedupeStore } from "@mono-agent/channel-kit";
import type { EnvRecord } from "@mono-agent/config";
import { logicalConversationId } from "@mono-agent/ids";
import { ADAPTER_SEND_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import {
  createTelegramSendServer,
  isTelegramChatAllowed,
  parseTelegramConversationId,
  postTelegramText,
  type StartTelegramChannelOptions,
  startTelegramChannel,
  type TelegramChannel,
} from "@mono-agent/telegram";
import { outboundRoot } from "../request-context/request-context.js";
import type { MonoAgentApp } from "../start-mono-agent-app.js";
import type { AppToolRunContext } from "../tools/app-tool-provider.js";
import { resolveTelegramConfig } from "./resolve-telegram-config.js";
import { telegramSendToolsOffered } from "./telegram-send-tools-offered.js";

/** Test and host hooks of the Telegram channel beyond `telegram.*` (a faster edit rate, shorter polls). */
export type TelegramChannelTuning = Pick<
  StartTelegramChannelOptions,
  "minUpdateIntervalMs" | "retry" | "pollTimeoutSeconds" | "now"
>;

/**
 * The Telegram part of the channels composition: the channel from `telegram.*`, its send tools for the
 * runs the policy and `sendTools.scope` allow (with scope `producing-conversation`, only runs of an
 * allowed `telegram:` chat), and continuation deliveries into their chat.
 */
export function composeTelegram(options: {
  env: EnvRecord;
  onWarning: (message: string) => void;
  tuning?: TelegramChannelTuning;
}) {
  let telegram: TelegramChannel | undefined;
  let app: MonoAgentApp | undefined;
  let tools = { message: false, file: false };
  const config = () => app?.loaded.config.telegram;
  const allowlist = () => ({
    allowedChatIds: config()?.allowedChatIds ?? [],
    allowAllChats: config()?.allowAllChats ?? false,
  });
  const chatOf = (conversationId: string) => {
    const chat = parseTelegramConversationId(logicalConversationId(conversationId));
    return chat !== undefined && isTelegramChatAllowed(allowlist(), chat) ? chat : undefined;
  };
  const isOffered = (run: AppToolRunContext) =>
    telegram !== undefined &&
    (tools.message || tools.file) &&
    (config()?.sendTools.scope !== "producing-conversation" || chatOf(run.conversationId) !== undefined);
  return {
    get channel() {
      return telegram;
    },
    isOffered,
    createServer(run: AppToolRunContext): McpServer {
      const started = app as MonoAgentApp;
      const channel = telegram as TelegramChannel;
      const sendTools = started.loaded.config.telegram?.sendTools;
      return createTelegramSendServer({
        serverName: ADAPTER_SEND_SERVER_NAME,
        api: channel.api,
        allowlist: allowlist(),
        budget: channel.budget,
        scope: sendTools?.scope ?? "producing-conversation",
        pathScope: sendTools?.pathScope ?? "run-output",
        tools,
        deliveryHistory: { append: (entry) => started.recordDelivery(entry) },
        producingConversationId: run.conversationId,
        runOutput: { root: outboundRoot(started.loaded), runId: run.runId },
        workspace: started.loaded.workspaceDir,
      });
    },
    accepts: (conversationId: string) => telegram !== undefined && chatOf(conversationId) !== undefined,
    async post(conversationId: string, text: string) {
      const chat = chatOf(conversationId);
      if (telegram === undefined || chat === undefined)
        throw new Error(`${conversationId} is not an allowed Telegram chat of a running channel`);
      await postTelegramText(telegram, chat, text);
    },
    /** Starts the channel when `telegram.*` is configured; resolves to its status line, or undefined. */
    async start(
      started: MonoAgentApp,
      policy: ToolPolicy,
      dedupe: () => EventDedupeStore,
    ): Promise<string | undefined> {
      app = started;
      const resolved = resolveTelegramConfig(started.loaded, options.env);
      if (resolved === undefined) return undefined;
      if (!resolved.ok) throw new Error(`Telegram cannot start: ${resolved.problems.join("; ")}`);
      tools = telegramSendToolsOffered(policy);
      const settings = resolved.config;
      const channelApp: ChannelApp = { run: (request) => started.run(request) };
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
        app: channelApp,
        dedupe: dedupe(),
        session: started.loaded.config.runtime.session,
        onWarning: options.onWarning,
        answerAsk: (askId, answer, answeredBy) =>
          started.interaction.broker.answer(askId, answer, answeredBy),
        ...options.tuning,
      });
      if (telegram.askChannel) started.interaction.addChannel(telegram.askChannel);
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
