import type { Message, MessageEntity, UserFromGetMe } from "grammy/types";

const entitiesOf = (message: Message): MessageEntity[] => message.entities ?? message.caption_entities ?? [];
const textOf = (message: Message): string => message.text ?? message.caption ?? "";
const slice = (text: string, entity: MessageEntity) =>
  text.slice(entity.offset, entity.offset + entity.length);

/**
 * Whether a group message is for the bot: it mentions `@<bot username>` (or the bot as a text mention),
 * runs one of its commands (`/ask@<bot>`), or replies to one of the bot's messages.
 */
export function isAddressedToBot(message: Message, bot: UserFromGetMe): boolean {
  if (message.reply_to_message?.from?.id === bot.id) return true;
  const text = textOf(message);
  const handle = `@${bot.username}`.toLowerCase();
  return entitiesOf(message).some(
    (entity) =>
      (entity.type === "mention" && slice(text, entity).toLowerCase() === handle) ||
      (entity.type === "text_mention" && entity.user?.id === bot.id) ||
      (entity.type === "bot_command" && slice(text, entity).toLowerCase().endsWith(handle)),
  );
}

/** The user's message as the model reads it: the bot's own `@username` removed, white space trimmed. */
export function telegramInboundText(message: Message, bot: UserFromGetMe): string {
  const text = textOf(message);
  const handle = `@${bot.username}`.toLowerCase();
  let result = "";
  let at = 0;
  for (const entity of [...entitiesOf(message)].sort((a, b) => a.offset - b.offset)) {
    if (entity.type !== "mention" || slice(text, entity).toLowerCase() !== handle) continue;
    result += text.slice(at, entity.offset);
    at = entity.offset + entity.length;
  }
  return (result + text.slice(at)).replace(/[ \t]{2,}/g, " ").trim();
}

/** How an answer's author is recorded: the Telegram user id, and a name where Telegram gives one. */
export function telegramDisplayName(from: Message["from"]): string | undefined {
  if (!from) return undefined;
  const name = [from.first_name, from.last_name].filter(Boolean).join(" ");
  return from.username ? `@${from.username}` : name || undefined;
}
