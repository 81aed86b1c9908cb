import {
  type ChannelRunEvent,
  type ChannelRunResult,
  createReplyStreamWriter,
  type InboundReply,
  type RateBudget,
} from "@mono-agent/channel-kit";
import type { Api } from "grammy";
import { markdownToTelegramHtml } from "./markdown-to-telegram-html.js";
import { callTelegram } from "./telegram-api-error.js";
import { TELEGRAM_MESSAGE_LIMIT, TELEGRAM_MIN_UPDATE_INTERVAL_MS } from "./telegram-limits.js";

/** Where one reply goes in Telegram. */
export interface TelegramReplyDestination {
  chatId: number;
  /** Private chats stream through `sendMessageDraft`; groups through edits of posted messages. */
  isPrivate: boolean;
  /** The user's message the first part answers (a reply in a group keeps the thread readable). */
  replyToMessageId?: number;
  /** Forum topic the message came from. */
  messageThreadId?: number;
}

/** Options of {@link createTelegramReply}. */
export interface TelegramReplyOptions {
  api: Api;
  destination: TelegramReplyDestination;
  budget: RateBudget;
  minUpdateIntervalMs?: number;
  /** Told of a send that failed (recorded by the host), with Telegram's error. */
  onDeliveryFailure?: (error: unknown, result: ChannelRunResult | undefined) => void;
}

/** A non-zero draft id per reply: drafts of one id animate into each other. */
let nextDraftId = 1;

/** The text a reply shows for a run that did not succeed. */
export function settledReplyText(result: ChannelRunResult | undefined): string {
  if (result === undefined) return "Sorry, this message could not be answered (the agent failed to start).";
  if (result.status === "succeeded") return result.finalText === "" ? "_(no answer)_" : result.finalText;
  return `${result.finalText ? `${result.finalText}\n\n` : ""}_The run ${result.status}${result.error ? `: ${result.error.message}` : ""}._`;
}

/**
 * The reply of one run in a Telegram chat: the answer streamed as Markdown converted to Telegram HTML at a
 * bounded rate within the chat's budget: in a private chat as a message draft (`sendMessageDraft`), in a
 * group as a posted message edited in place; split at {@link TELEGRAM_MESSAGE_LIMIT} (the Markdown is
 * split, then each part converted, so no tag is ever cut); the final answer (or the failure) sent with
 * priority. "typing…" is shown while a tool works.
 */
export function createTelegramReply(options: TelegramReplyOptions): InboundReply {
  const { api, destination, budget } = options;
  const chat = String(destination.chatId);
  const draftId = nextDraftId++;
  if (nextDraftId > 2 ** 31 - 1) nextDraftId = 1;
  const thread =
    destination.messageThreadId === undefined ? {} : { message_thread_id: destination.messageThreadId };
  let first = true;
  const writer = createReplyStreamWriter({
    limit: TELEGRAM_MESSAGE_LIMIT,
    minUpdateIntervalMs: options.minUpdateIntervalMs ?? TELEGRAM_MIN_UPDATE_INTERVAL_MS,
    formatChunk: markdownToTelegramHtml,
    mayStream: () => budget.tryTake(chat, "stream"),
    target: {
      async post(text) {
        const replyTo = first && destination.replyToMessageId !== undefined;
        first = false;
        const sent = await callTelegram("sendMessage", () =>
          api.sendMessage(destination.chatId, text, {
            parse_mode: "HTML",
            ...thread,
            ...(replyTo
              ? {
                  reply_parameters: {
                    message_id: destination.replyToMessageId as number,
                    allow_sending_without_reply: true,
                  },
                }
              : {}),
          }),
        );
        return String(sent.message_id);
      },
      async update(messageId, text) {
        await callTelegram("editMessageText", () =>
          api.editMessageText(destination.chatId, Number(messageId), text, { parse_mode: "HTML" }),
        );
      },
      ...(destination.isPrivate
        ? {
            async draft(text: string) {
              await callTelegram("sendMessageDraft", () =>
                api.sendMessageDraft(destination.chatId, draftId, text, { parse_mode: "HTML", ...thread }),
              );
            },
          }
        : {}),
    },
  });
  return {
    onEvent(event: ChannelRunEvent) {
      if (event.type === "text_delta" && "text" in event) writer.append(String(event.text));
      else if (event.type === "tool_started" && budget.tryTake(chat, "stream"))
        void api.sendChatAction(destination.chatId, "typing", thread).catch(() => {});
    },
    async settled(result, error) {
      budget.tryTake(chat, "priority");
      try {
        await writer.finish(settledReplyText(result));
      } catch (failure) {
        options.onDeliveryFailure?.(failure, result);
        throw failure;
      }
      if (error !== undefined) options.onDeliveryFailure?.(error, result);
    },
  };
}
