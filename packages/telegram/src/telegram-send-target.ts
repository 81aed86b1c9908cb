import { isTelegramChatAllowed, type TelegramAllowlist } from "./telegram-allowlist.js";
import { parseTelegramConversationId, telegramConversationId } from "./telegram-conversation-id.js";

/** `telegram.sendTools.scope`: the run's own chat only, or any allowlisted chat. */
export type TelegramSendScope = "producing-conversation" | "allowlisted-chats";

/** The chat a send goes to and the conversation its history entry is appended to, or why not. */
export type TelegramSendTarget =
  | { ok: true; chatId: string; conversationId: string }
  | { ok: false; message: string };

/**
 * Where a send tool call goes: with scope `producing-conversation` only the run's own Telegram chat
 * (`chat_id` may be omitted, any other is refused); with `allowlisted-chats` any allowlisted chat. The
 * run's own chat keeps its physical conversation id (rollover bucket included) for the history entry.
 */
export function resolveTelegramSendTarget(options: {
  scope: TelegramSendScope;
  allowlist: TelegramAllowlist;
  producingConversationId: string;
  requestedChatId: string | undefined;
}): TelegramSendTarget {
  const producing = parseTelegramConversationId(options.producingConversationId);
  const producingAllowed = producing !== undefined && isTelegramChatAllowed(options.allowlist, producing);
  const chatId = options.requestedChatId ?? producing;
  if (chatId === undefined)
    return {
      ok: false,
      message: "chat_id is required: this run is not in a Telegram chat; nothing was sent.",
    };
  if (options.scope === "producing-conversation" && chatId !== producing)
    return {
      ok: false,
      message: `chat ${chatId} is not this conversation's chat; telegram.sendTools.scope is "producing-conversation", so only the chat the run answers can be sent to. Nothing was sent.`,
    };
  if (chatId === producing ? !producingAllowed : !isTelegramChatAllowed(options.allowlist, chatId))
    return {
      ok: false,
      message: `chat ${chatId} is not in telegram.allowedChatIds (and allowAllChats is off); nothing was sent.`,
    };
  return {
    ok: true,
    chatId,
    conversationId: chatId === producing ? options.producingConversationId : telegramConversationId(chatId),
  };
}
