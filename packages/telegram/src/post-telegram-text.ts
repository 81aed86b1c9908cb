import { splitMessageText } from "@mono-agent/channel-kit";
import { markdownToTelegramHtml } from "./markdown-to-telegram-html.js";
import type { TelegramChannel } from "./start-telegram-channel.js";
import { callTelegram } from "./telegram-api-error.js";
import { TELEGRAM_MESSAGE_LIMIT } from "./telegram-limits.js";

/**
 * Sends a Markdown text (a delivered continuation, a notice) into a chat as priority sends: split at
 * {@link TELEGRAM_MESSAGE_LIMIT}, each part converted to Telegram HTML, one message after the other.
 * Resolves to the message ids; throws a `platform_error` ChannelError with Telegram's description when
 * a send is refused.
 */
export async function postTelegramText(
  telegram: Pick<TelegramChannel, "api" | "budget">,
  chatId: string,
  markdown: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of splitMessageText(markdown, TELEGRAM_MESSAGE_LIMIT)) {
    telegram.budget.tryTake(chatId, "priority");
    const sent = await callTelegram("sendMessage", () =>
      telegram.api.sendMessage(chatId, markdownToTelegramHtml(chunk), { parse_mode: "HTML" }),
    );
    ids.push(sent.message_id);
  }
  return ids;
}
