import { timingSafeEqual } from "node:crypto";
import type { AddressInfo } from "node:net";
import { autoRetry } from "@grammyjs/auto-retry";
import { serve } from "@hono/node-server";
import {
  type ChannelApp,
  type ChannelSessionOptions,
  createChannelInbox,
  createRateBudget,
  type EventDedupeStore,
  type RateBudget,
} from "@mono-agent/channel-kit";
import { HttpKitError, jsonError, readJsonBody } from "@mono-agent/http-kit";
import { type Api, Bot } from "grammy";
import type { Message, Update, UserFromGetMe } from "grammy/types";
import { Hono } from "hono";
import { isTelegramChatAllowed, type TelegramAllowlist } from "./telegram-allowlist.js";
import { callTelegram } from "./telegram-api-error.js";
import {
  createTelegramAskChannel,
  type TelegramAnswerer,
  type TelegramAskAnswerer,
  type TelegramAskChannel,
} from "./telegram-ask-channel.js";
import { telegramConversationId } from "./telegram-conversation-id.js";
import { downloadTelegramFiles, type TelegramMessageFile, telegramMessageFiles } from "./telegram-files.js";
import { isAddressedToBot, telegramDisplayName, telegramInboundText } from "./telegram-inbound-text.js";
import { TELEGRAM_CHAT_BUDGET, TELEGRAM_POLL_TIMEOUT_SECONDS } from "./telegram-limits.js";
import { createTelegramReply } from "./telegram-reply.js";
import { pressedReplyOption } from "./telegram-reply-options.js";

/** Largest webhook body read, in bytes: an update with a long message and its entities is a few KiB. */
export const TELEGRAM_WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

/** Updates the channel asks Telegram for. */
const ALLOWED_UPDATES = ["message", "callback_query"] as const;

/** Options of {@link startTelegramChannel}: the resolved `telegram.*` config plus what the host provides. */
export interface StartTelegramChannelOptions extends TelegramAllowlist {
  /** `polling`: one consumer long-polls `getUpdates`; `webhook`: Telegram posts updates to an HTTP endpoint. */
  mode: "polling" | "webhook";
  botToken: string;
  /** Bot API root (default `https://api.telegram.org`); grammY's `client.apiRoot`. */
  apiRoot?: string;
  /** Webhook mode: where the endpoint listens, its secret token, and the public URL to register (optional). */
  webhook?: { host: string; port: number; path: string; secretToken: string; url?: string };
  app: ChannelApp;
  dedupe: EventDedupeStore;
  session: ChannelSessionOptions;
  /** The per-chat send budget (default {@link TELEGRAM_CHAT_BUDGET}). */
  budget?: RateBudget;
  minUpdateIntervalMs?: number;
  /** Retries of a 429 (its `retry_after` is always honoured) and of a 5xx; tests shorten them. */
  retry?: { maxRetryAttempts?: number; maxDelaySeconds?: number };
  /** Seconds one long poll waits (default {@link TELEGRAM_POLL_TIMEOUT_SECONDS}). */
  pollTimeoutSeconds?: number;
  /** Answers asks (the interaction broker's `answer`): with it, AskUser and approvals are inline keyboards. */
  answerAsk?: TelegramAskAnswerer;
  /** Warnings (a send that failed, a file skipped, a polling error); the library never prints. */
  onWarning?: (message: string) => void;
  now?: () => Date;
}

/** A running Telegram channel. */
export interface TelegramChannel {
  /** The Bot API client (with auto-retry): send tools and deliveries send through it. */
  readonly api: Api;
  readonly bot: UserFromGetMe;
  /** The channel's send budget, shared with the send tools and deliveries. */
  readonly budget: RateBudget;
  readonly askChannel?: TelegramAskChannel;
  /** Webhook mode: the port the endpoint listens on. */
  readonly port?: number;
  /** Stops receiving, then waits for the runs in progress to answer. */
  stop(): Promise<void>;
}

const sameSecret = (given: string | undefined, expected: string) => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
};

/**
 * Starts mono-agent in Telegram with grammY: long polling (the default; one consumer per bot) or a
 * webhook whose `X-Telegram-Bot-Api-Secret-Token` is checked on every request (401 otherwise). Private
 * chats, and group messages that mention or reply to the bot, in allowlisted chats start a run in
 * `telegram:<chat>`; anything else starts nothing. Updates are taken once by update id; 429s wait their
 * `retry_after` (auto-retry). Throws a `platform_error` ChannelError when the token is refused.
 */
export async function startTelegramChannel(options: StartTelegramChannelOptions): Promise<TelegramChannel> {
  const apiRoot = (options.apiRoot ?? "https://api.telegram.org").replace(/\/+$/, "");
  const warn = (message: string) => options.onWarning?.(message);
  const bot = new Bot(options.botToken, { client: { apiRoot } });
  bot.api.config.use(
    autoRetry({
      maxRetryAttempts: options.retry?.maxRetryAttempts ?? 5,
      maxDelaySeconds: options.retry?.maxDelaySeconds ?? 60,
    }),
  );
  await callTelegram("getMe", () => bot.init());
  const me = bot.botInfo;
  const budget = options.budget ?? createRateBudget(TELEGRAM_CHAT_BUDGET);
  const inbox = createChannelInbox({
    app: options.app,
    dedupe: options.dedupe,
    session: options.session,
    ...(options.now ? { now: options.now } : {}),
    onError: (error) => warn(`Telegram: ${error instanceof Error ? error.message : String(error)}`),
  });
  const askChannel = options.answerAsk
    ? createTelegramAskChannel({
        api: bot.api,
        allowlist: options,
        answer: options.answerAsk,
        onWarning: warn,
      })
    : undefined;
  const answererOf = (from: Message["from"]): TelegramAnswerer | undefined => {
    if (!from) return undefined;
    const displayName = telegramDisplayName(from);
    return { id: from.id, ...(displayName ? { displayName } : {}) };
  };
  const run = (args: {
    eventKey: string;
    chat: Message["chat"];
    input: string;
    replyTo?: number;
    threadId?: number;
    files?: TelegramMessageFile[];
    from?: TelegramAnswerer;
  }) =>
    inbox.accept({
      eventKey: args.eventKey,
      logicalConversationId: telegramConversationId(args.chat.id),
      input: args.input,
      source: "telegram",
      // The sender is the run's asker: its asks and approvals are theirs (interaction.answerers).
      ...(args.from
        ? {
            from: {
              channel: "telegram",
              userId: String(args.from.id),
              ...(args.from.displayName ? { displayName: args.from.displayName } : {}),
            },
          }
        : {}),
      ...(args.files && args.files.length > 0
        ? {
            attachments: () =>
              downloadTelegramFiles({
                api: bot.api,
                files: args.files ?? [],
                botToken: options.botToken,
                apiRoot,
                onSkipped: (name, reason) => warn(`Telegram: ${name} was not staged: ${reason}`),
              }),
          }
        : {}),
      reply: createTelegramReply({
        api: bot.api,
        destination: {
          chatId: args.chat.id,
          isPrivate: args.chat.type === "private",
          ...(args.replyTo !== undefined ? { replyToMessageId: args.replyTo } : {}),
          ...(args.threadId !== undefined ? { messageThreadId: args.threadId } : {}),
        },
        budget,
        ...(options.minUpdateIntervalMs !== undefined
          ? { minUpdateIntervalMs: options.minUpdateIntervalMs }
          : {}),
        onDeliveryFailure: (error) =>
          warn(
            `Telegram: the answer in chat ${args.chat.id} was not delivered: ${error instanceof Error ? error.message : String(error)}`,
          ),
      }),
    });

  bot.on("message", async (ctx) => {
    const message = ctx.message;
    if (!isTelegramChatAllowed(options, message.chat.id) || message.from?.is_bot) return;
    const isPrivate = message.chat.type === "private";
    if (!isPrivate && !isAddressedToBot(message, me)) return;
    const input = telegramInboundText(message, me);
    const from = answererOf(message.from);
    // A message in a chat whose run waits on a question answers it (the run is still in progress there).
    if (askChannel && from && (await askChannel.reply(telegramConversationId(message.chat.id), input, from)))
      return;
    const files = telegramMessageFiles(message);
    if (input === "" && files.length === 0) return;
    await run({
      eventKey: `telegram:${me.id}:${ctx.update.update_id}`,
      chat: message.chat,
      input: input === "" ? "(the user sent files without a message)" : input,
      ...(isPrivate ? {} : { replyTo: message.message_id }),
      ...(message.is_topic_message && message.message_thread_id !== undefined
        ? { threadId: message.message_thread_id }
        : {}),
      files,
      ...(from ? { from } : {}),
    });
  });
  bot.on("callback_query:data", async (ctx) => {
    const query = ctx.callbackQuery;
    const message = query.message as Message | undefined;
    const chat = message?.chat;
    const acknowledge = (text?: string) =>
      callTelegram("answerCallbackQuery", () =>
        bot.api.answerCallbackQuery(query.id, text ? { text: text.slice(0, 200) } : {}),
      ).catch((error: unknown) => warn(String(error)));
    if (!chat || !message || !isTelegramChatAllowed(options, chat.id)) {
      await acknowledge("This button is not available here.");
      return;
    }
    const from = answererOf(query.from as Message["from"]) as TelegramAnswerer;
    const asked = askChannel ? await askChannel.press(query.data, chat.id, from) : undefined;
    if (asked !== undefined) {
      await acknowledge(asked);
      return;
    }
    const label = pressedReplyOption(query.data, message);
    if (label === undefined) {
      await acknowledge("This button has expired.");
      return;
    }
    await acknowledge(label);
    // One press per message: the buttons are taken down, and the press is the user's next turn.
    await callTelegram("editMessageReplyMarkup", () =>
      bot.api.editMessageReplyMarkup(chat.id, message.message_id, { reply_markup: { inline_keyboard: [] } }),
    ).catch((error: unknown) => warn(String(error)));
    await run({ eventKey: `telegram:${me.id}:callback:${query.id}`, chat, input: label, from });
  });
  bot.catch((error) => warn(`Telegram: an update failed: ${error.message}`));

  let port: number | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  let polling: Promise<void> | undefined;
  if (options.mode === "webhook") {
    const webhook = options.webhook;
    if (!webhook || webhook.secretToken === "") throw new Error("webhook mode needs a secret token");
    const server = new Hono();
    server.post(webhook.path, async (c) => {
      if (!sameSecret(c.req.header("x-telegram-bot-api-secret-token"), webhook.secretToken))
        return jsonError(
          c,
          401,
          "unauthorized",
          "the X-Telegram-Bot-Api-Secret-Token header is missing or wrong",
        );
      let update: unknown;
      try {
        update = await readJsonBody(c.req.raw, { maxBytes: TELEGRAM_WEBHOOK_MAX_BODY_BYTES });
      } catch (error) {
        if (HttpKitError.isInstance(error)) return jsonError(c, 400, error.code, error.message);
        throw error;
      }
      if (!Number.isSafeInteger((update as { update_id?: unknown }).update_id))
        return jsonError(c, 400, "invalid_update", "expected a Telegram update with an integer update_id");
      await bot.handleUpdate(update as Update).catch((error: unknown) => warn(`Telegram: ${String(error)}`));
      return c.json({ ok: true });
    });
    const listening = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const handle = serve({ fetch: server.fetch, hostname: webhook.host, port: webhook.port }, () =>
        resolve(handle),
      );
    });
    port = (listening.address() as AddressInfo).port;
    closeServer = () => new Promise((resolve) => listening.close(() => resolve()));
    if (webhook.url)
      await callTelegram("setWebhook", () =>
        bot.api.setWebhook(webhook.url as string, {
          secret_token: webhook.secretToken,
          allowed_updates: [...ALLOWED_UPDATES],
        }),
      );
  } else {
    await new Promise<void>((resolve, reject) => {
      polling = bot
        .start({
          allowed_updates: [...ALLOWED_UPDATES],
          timeout: options.pollTimeoutSeconds ?? TELEGRAM_POLL_TIMEOUT_SECONDS,
          onStart: () => resolve(),
        })
        .catch((error: unknown) => {
          warn(`Telegram: polling stopped: ${error instanceof Error ? error.message : String(error)}`);
          reject(error);
        });
    });
  }
  let stopped = false;
  return {
    api: bot.api,
    bot: me,
    budget,
    ...(askChannel ? { askChannel } : {}),
    ...(port !== undefined ? { port } : {}),
    async stop() {
      if (stopped) return;
      stopped = true;
      if (polling) {
        await bot.stop().catch(() => {});
        await polling.catch(() => {});
      }
      await closeServer?.();
      await inbox.close();
    },
  };
}
