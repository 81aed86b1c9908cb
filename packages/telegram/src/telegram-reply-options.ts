import type { InlineKeyboardButton, Message } from "grammy/types";
import { TELEGRAM_BUTTON_LABEL_MAX } from "./telegram-limits.js";

/** Prefix of a reply option button's callback data: `mr:<index>`; the label is read back from the message. */
export const REPLY_OPTION_CALLBACK_PREFIX = "mr:";

/** The inline keyboard of TelegramSendMessage's `reply_options`: one button per row, in order. */
export function replyOptionsKeyboard(labels: readonly string[]): InlineKeyboardButton[][] {
  return labels.map((label, index) => [
    {
      text: label.slice(0, TELEGRAM_BUTTON_LABEL_MAX),
      callback_data: `${REPLY_OPTION_CALLBACK_PREFIX}${index}`,
    },
  ]);
}

/**
 * The label of the reply option pressed, read from the keyboard of the bot's own message the press came
 * from (nothing is kept in memory, so a press after a restart still counts), or undefined.
 */
export function pressedReplyOption(data: string, message: Message | undefined): string | undefined {
  if (!/^mr:\d$/.test(data)) return undefined;
  for (const row of message?.reply_markup?.inline_keyboard ?? [])
    for (const button of row)
      if ("callback_data" in button && button.callback_data === data) return button.text;
  return undefined;
}
