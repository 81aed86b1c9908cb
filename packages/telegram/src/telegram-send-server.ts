import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  adapterSendIdempotencyKey,
  ChannelError,
  type DeliveryHistory,
  type RateBudget,
  splitMessageText,
} from "@mono-agent/channel-kit";
import { type Api, InputFile } from "grammy";
import * as z from "zod";
import { markdownToTelegramHtml } from "./markdown-to-telegram-html.js";
import { type RunOutputLocation, readRunOutputFile } from "./open-run-output-file.js";
import type { TelegramAllowlist } from "./telegram-allowlist.js";
import { callTelegram } from "./telegram-api-error.js";
import { TELEGRAM_MESSAGE_LIMIT, TELEGRAM_SEND_FILE_MAX_BYTES } from "./telegram-limits.js";
import { replyOptionsKeyboard } from "./telegram-reply-options.js";
import { resolveTelegramSendTarget, type TelegramSendScope } from "./telegram-send-target.js";

/** The tools' canonical names (policy catalog). */
export const TELEGRAM_SEND_MESSAGE_TOOL_NAME = "TelegramSendMessage";
export const TELEGRAM_SEND_FILE_TOOL_NAME = "TelegramSendFile";

/** Longest text one TelegramSendMessage call accepts, in characters: 10 messages of {@link TELEGRAM_MESSAGE_LIMIT}. */
export const TELEGRAM_SEND_MAX_CHARACTERS = 10 * TELEGRAM_MESSAGE_LIMIT;

/** Longest caption of a file, in characters (Bot API: 0-1024 after entity parsing). */
export const TELEGRAM_CAPTION_MAX_CHARACTERS = 1_024;

/** The one answer to every refused `path`: it tells nothing about what is on disk. */
export const TELEGRAM_PATH_REFUSED =
  "path refused: TelegramSendFile sends only a regular file directly inside this run's output directory (artifacts/outbound/<run-id>), at most 20 MB, not through a symlink; nothing was sent.";

/** Options of {@link createTelegramSendServer}. */
export interface TelegramSendServerOptions {
  /** Server name the tools are served under (`mono-agent-adapter-send`). */
  serverName: string;
  api: Api;
  allowlist: TelegramAllowlist;
  budget: RateBudget;
  scope: TelegramSendScope;
  /** `run-output`: `path` may name a file of the run's output directory; `none`: only `data`. */
  pathScope: "run-output" | "none";
  /** Which tools to register (the policy decides each). */
  tools: { message: boolean; file: boolean };
  deliveryHistory: DeliveryHistory;
  producingConversationId: string;
  runOutput: RunOutputLocation;
  workspace: string;
  /** Test seam of {@link readRunOutputFile}. */
  afterPathCheck?: () => Promise<void>;
}

const refused = (text: string) => ({ isError: true, content: [{ type: "text" as const, text }] });

const chatIdShape = z
  .string()
  .regex(/^-?[1-9]\d{0,19}$/)
  .optional()
  .describe("Telegram chat id (e.g. 123456789 or -1001234567890); omit to send to this conversation's chat.");

const messageShape = {
  chat_id: chatIdShape,
  text: z
    .string()
    .min(1)
    .max(TELEGRAM_SEND_MAX_CHARACTERS)
    .describe("Markdown text; converted to Telegram formatting."),
  reply_options: z
    .array(z.string().trim().min(1).max(64))
    .min(2)
    .max(8)
    .optional()
    .describe(
      "2-8 short answers shown as buttons under the message. Does not wait: a press arrives later as the user's next message.",
    ),
};

const fileShape = {
  chat_id: chatIdShape,
  kind: z
    .enum(["document", "photo"])
    .describe("document: any file; photo: an image shown inline (Telegram: at most 10 MB)."),
  data: z
    .base64()
    .max(Math.ceil(TELEGRAM_SEND_FILE_MAX_BYTES / 3) * 4)
    .optional()
    .describe("The file's bytes in base64 (give filename too); at most 20 MB."),
  filename: z
    .string()
    .regex(/^[^/\\\0]{1,200}$/)
    .optional()
    .describe("File name shown in the chat (required with data)."),
  path: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe(
      "A file this run wrote to its output directory (artifacts/outbound/<run-id>/<name>), instead of data.",
    ),
  caption: z.string().max(TELEGRAM_CAPTION_MAX_CHARACTERS).optional().describe("Markdown caption."),
};

/**
 * A fresh MCP server with TelegramSendMessage and/or TelegramSendFile for one run. Destinations follow
 * `scope` and the allowlist (anything else is refused and nothing is sent); texts are Markdown converted
 * to Telegram HTML and split at {@link TELEGRAM_MESSAGE_LIMIT}; `reply_options` become inline buttons
 * whose press is the user's next message. Files come from base64 `data` or a `path` confined by
 * {@link readRunOutputFile} (one generic error for every refusal), at most 20 MB. Each confirmed send is
 * appended once to the destination's history under `adapter-send:telegram:<chat>:<message id>`.
 */
export function createTelegramSendServer(options: TelegramSendServerOptions): McpServer {
  const mcp = new McpServer({ name: options.serverName, version: "1.0.0" });
  const { api } = options;
  const record = async (conversationId: string, chatId: string, messageId: number, text: string) => {
    try {
      await options.deliveryHistory.append({
        conversationId,
        text,
        idempotencyKey: adapterSendIdempotencyKey({
          channel: "telegram",
          destination: chatId,
          receipt: String(messageId),
        }),
      });
      return true;
    } catch {
      return false;
    }
  };
  const target = (requested: string | undefined) =>
    resolveTelegramSendTarget({
      scope: options.scope,
      allowlist: options.allowlist,
      producingConversationId: options.producingConversationId,
      requestedChatId: requested,
    });
  const failure = (error: unknown, sent: number[], total: number) => {
    const code = ChannelError.isInstance(error) ? (error.platformCode ?? error.code) : "request_failed";
    const part =
      sent.length > 0
        ? ` ${sent.length} of ${total} parts were sent (message ids ${sent.join(", ")}).`
        : " Nothing was sent.";
    return refused(`Telegram refused the send: ${code}.${part}`);
  };
  const done = (summary: string, result: Record<string, unknown>, historyRecorded: boolean) => ({
    content: [
      {
        type: "text" as const,
        text: `${summary}${historyRecorded ? "" : " The send is not in the destination's history (recording failed)."}`,
      },
    ],
    structuredContent: { ...result, historyRecorded },
  });

  if (options.tools.message)
    mcp.registerTool(
      TELEGRAM_SEND_MESSAGE_TOOL_NAME,
      {
        title: "Send a Telegram message",
        description:
          "Send a message to this conversation's Telegram chat (or, where allowed, another allowlisted chat). Markdown is converted to Telegram formatting; long texts are sent as several messages. reply_options adds 2-8 buttons; this call does not wait for a press, which arrives as the user's next message.",
        inputSchema: messageShape,
      },
      async (input) => {
        const to = target(input.chat_id);
        if (!to.ok) return refused(to.message);
        const chunks = splitMessageText(input.text, TELEGRAM_MESSAGE_LIMIT);
        const sent: number[] = [];
        try {
          for (const [index, chunk] of chunks.entries()) {
            options.budget.tryTake(to.chatId, "priority");
            const last = index === chunks.length - 1;
            const message = await callTelegram("sendMessage", () =>
              api.sendMessage(to.chatId, markdownToTelegramHtml(chunk), {
                parse_mode: "HTML",
                ...(last && input.reply_options
                  ? { reply_markup: { inline_keyboard: replyOptionsKeyboard(input.reply_options) } }
                  : {}),
              }),
            );
            sent.push(message.message_id);
          }
        } catch (error) {
          return failure(error, sent, chunks.length);
        }
        const recorded = await record(to.conversationId, to.chatId, sent[0] as number, input.text);
        return done(
          `Sent ${sent.length} message(s) to chat ${to.chatId} (message ids ${sent.join(", ")}).${input.reply_options ? " The user's press will arrive as their next message." : ""}`,
          { chat_id: to.chatId, message_ids: sent, conversationId: to.conversationId },
          recorded,
        );
      },
    );

  if (options.tools.file)
    mcp.registerTool(
      TELEGRAM_SEND_FILE_TOOL_NAME,
      {
        title: "Send a file to Telegram",
        description:
          "Send a document or photo to this conversation's Telegram chat: either base64 data with a filename, or the path of a file this run wrote to its output directory (artifacts/outbound/<run-id>). At most 20 MB; optional Markdown caption.",
        inputSchema: fileShape,
      },
      async (input) => {
        if ((input.data === undefined) === (input.path === undefined))
          return refused(
            "give either data (base64, with filename) or path, not both and not neither; nothing was sent.",
          );
        const to = target(input.chat_id);
        if (!to.ok) return refused(to.message);
        let file: { name: string; data: Uint8Array };
        if (input.data !== undefined) {
          if (input.filename === undefined) return refused("data needs a filename; nothing was sent.");
          const data = Buffer.from(input.data, "base64");
          if (data.byteLength > TELEGRAM_SEND_FILE_MAX_BYTES)
            return refused(`the file is over ${TELEGRAM_SEND_FILE_MAX_BYTES} bytes; nothing was sent.`);
          file = { name: input.filename, data };
        } else {
          if (options.pathScope !== "run-output") return refused(TELEGRAM_PATH_REFUSED);
          try {
            file = await readRunOutputFile({
              location: options.runOutput,
              path: input.path as string,
              workspace: options.workspace,
              maxBytes: TELEGRAM_SEND_FILE_MAX_BYTES,
              ...(options.afterPathCheck ? { afterCheck: options.afterPathCheck } : {}),
            });
          } catch {
            return refused(TELEGRAM_PATH_REFUSED);
          }
          if (input.filename !== undefined) file = { ...file, name: input.filename };
        }
        const upload = new InputFile(file.data, file.name);
        const caption = input.caption
          ? { caption: markdownToTelegramHtml(input.caption), parse_mode: "HTML" as const }
          : {};
        options.budget.tryTake(to.chatId, "priority");
        let messageId: number;
        try {
          const message =
            input.kind === "photo"
              ? await callTelegram("sendPhoto", () => api.sendPhoto(to.chatId, upload, caption))
              : await callTelegram("sendDocument", () => api.sendDocument(to.chatId, upload, caption));
          messageId = message.message_id;
        } catch (error) {
          return failure(error, [], 1);
        }
        const recorded = await record(
          to.conversationId,
          to.chatId,
          messageId,
          `[${input.kind}: ${file.name}]${input.caption ? ` ${input.caption}` : ""}`,
        );
        return done(
          `Sent ${input.kind} ${file.name} (${file.data.byteLength} bytes) to chat ${to.chatId} (message id ${messageId}).`,
          { chat_id: to.chatId, message_id: messageId, conversationId: to.conversationId },
          recorded,
        );
      },
    );
  return mcp;
}
