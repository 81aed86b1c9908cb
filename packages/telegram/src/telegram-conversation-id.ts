/** The conversation id form of Telegram (reference §8): `telegram:<chat id>` (groups have negative ids). */
export const TELEGRAM_CONVERSATION_ID_FORM = "telegram:<chat id>";

const TELEGRAM_CONVERSATION_PATTERN = /^telegram:(-?[1-9]\d{0,19})(?:#\d{4}-\d{2}-\d{2})?$/;

/** `telegram:<chat>`. */
export function telegramConversationId(chatId: number | string): string {
  return `telegram:${chatId}`;
}

/** The chat id of a Telegram conversation id (a rollover bucket is ignored), or undefined. */
export function parseTelegramConversationId(conversationId: string): string | undefined {
  return TELEGRAM_CONVERSATION_PATTERN.exec(conversationId)?.[1];
}
