import * as z from "zod";
import { envReferenceSchema } from "./env-reference-schema.js";
import { portSchema } from "./interaction-schema.js";

/** A Telegram chat id: a private chat is the user's (positive) id, groups and channels are negative. */
export const TELEGRAM_CHAT_ID_PATTERN = /^-?[1-9]\d{0,19}$/;

/** Default port of the Telegram webhook endpoint (one of the ports Telegram delivers webhooks to). */
export const DEFAULT_TELEGRAM_WEBHOOK_PORT = 8443;

const chatIdSchema = z
  .union([z.number().int(), z.string()])
  .transform((value) => String(value))
  .pipe(
    z
      .string()
      .regex(TELEGRAM_CHAT_ID_PATTERN, {
        error: 'expected a Telegram chat id such as 123456789 or "-1001234567890"',
      }),
  );

export const telegramSchema = z
  .strictObject({
    mode: z
      .enum(["polling", "webhook"])
      .default("polling")
      .describe(
        '"polling": one serve long-polls getUpdates (no public URL needed; one consumer per bot); "webhook": Telegram posts updates to an HTTP endpoint checked with a secret token, for several replicas behind a load balancer. Default "polling".',
      ),
    botToken: envReferenceSchema.describe(
      'Bot token from @BotFather (123456789:AA…), read from the host environment: { "$env": "TELEGRAM_BOT_TOKEN" } (a literal token is refused: it would sit in the file).',
    ),
    allowedChatIds: z
      .array(chatIdSchema)
      .default([])
      .describe(
        "Chats the agent answers and the send tools may send to (numbers or strings; a private chat's id is the user's id, groups are negative). A message from any other chat starts no run.",
      ),
    allowAllChats: z
      .boolean()
      .default(false)
      .describe("Answer and send in every chat the bot is in (instead of allowedChatIds). Default false."),
    webhook: z
      .strictObject({
        host: z
          .string()
          .min(1)
          .default("127.0.0.1")
          .describe('Address the endpoint binds. Default "127.0.0.1".'),
        port: portSchema
          .default(DEFAULT_TELEGRAM_WEBHOOK_PORT)
          .describe("Port of the endpoint. Default 8443."),
        path: z
          .string()
          .regex(/^\/[A-Za-z0-9/_-]*$/, { error: 'expected a path such as "/telegram/webhook"' })
          .default("/telegram/webhook")
          .describe('Path of the endpoint. Default "/telegram/webhook".'),
        secretToken: envReferenceSchema
          .describe(
            'The secret Telegram sends in X-Telegram-Bot-Api-Secret-Token (1-256 of A-Z a-z 0-9 _ -), read from the host environment: { "$env": "TELEGRAM_WEBHOOK_SECRET" }. A request without it gets 401.',
          )
          .optional(),
        url: z
          .url({ protocol: /^https$/, error: "expected the public https URL Telegram should post to" })
          .optional()
          .describe(
            "The public https URL of the endpoint: serve registers it with setWebhook at start. Omit when it is registered elsewhere.",
          ),
      })
      .prefault({})
      .describe("The webhook endpoint (mode webhook)."),
    apiRoot: z
      .url({ protocol: /^https?$/, error: "expected an http(s) URL such as https://api.telegram.org" })
      .default("https://api.telegram.org")
      .describe('Root of the Bot API (a local Bot API server, tests). Default "https://api.telegram.org".'),
    sendTools: z
      .strictObject({
        scope: z
          .enum(["producing-conversation", "allowlisted-chats"])
          .default("producing-conversation")
          .describe(
            '"producing-conversation": TelegramSendMessage and TelegramSendFile send only to the chat of the run calling them; "allowlisted-chats": to any allowlisted chat. Default "producing-conversation".',
          ),
        pathScope: z
          .enum(["run-output", "none"])
          .default("run-output")
          .describe(
            '"run-output": TelegramSendFile\'s path may name a file directly inside the run\'s own artifacts/outbound/<run-id> directory (opened without following symlinks); "none": only base64 data. Default "run-output".',
          ),
      })
      .prefault({})
      .describe("Where the Telegram send tools may send, and which files TelegramSendFile may read."),
  })
  .superRefine((telegram, context) => {
    if (telegram.mode === "webhook" && telegram.webhook.secretToken === undefined)
      context.addIssue({
        code: "custom",
        path: ["webhook", "secretToken"],
        message: 'mode "webhook" needs webhook.secretToken: { "$env": "TELEGRAM_WEBHOOK_SECRET" }',
      });
    if (telegram.allowedChatIds.length === 0 && !telegram.allowAllChats)
      context.addIssue({
        code: "custom",
        path: ["allowedChatIds"],
        message: "no chat would be answered: list chat ids in allowedChatIds, or set allowAllChats to true",
      });
  })
  .describe(
    "The Telegram channel (mono-agent serve): private chats and groups, TelegramSendMessage and TelegramSendFile.",
  );

/** `telegram.*` after defaults. */
export type TelegramConfig = z.output<typeof telegramSchema>;
