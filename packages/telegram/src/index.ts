export { escapeTelegramHtml, markdownToTelegramHtml } from "./markdown-to-telegram-html.js";
export { type RunOutputLocation, readRunOutputFile } from "./open-run-output-file.js";
export { postTelegramText } from "./post-telegram-text.js";
export {
  type StartTelegramChannelOptions,
  startTelegramChannel,
  TELEGRAM_WEBHOOK_MAX_BODY_BYTES,
  type TelegramChannel,
} from "./start-telegram-channel.js";
export { isTelegramChatAllowed, type TelegramAllowlist } from "./telegram-allowlist.js";
export {
  createTelegramAskChannel,
  type TelegramAskAnswerer,
  type TelegramAskChannel,
} from "./telegram-ask-channel.js";
export {
  parseTelegramConversationId,
  TELEGRAM_CONVERSATION_ID_FORM,
  telegramConversationId,
} from "./telegram-conversation-id.js";
export {
  TELEGRAM_CHAT_BUDGET,
  TELEGRAM_MESSAGE_LIMIT,
  TELEGRAM_MIN_UPDATE_INTERVAL_MS,
  TELEGRAM_SEND_FILE_MAX_BYTES,
} from "./telegram-limits.js";
export {
  createTelegramSendServer,
  TELEGRAM_PATH_REFUSED,
  TELEGRAM_SEND_FILE_TOOL_NAME,
  TELEGRAM_SEND_MESSAGE_TOOL_NAME,
  type TelegramSendServerOptions,
} from "./telegram-send-server.js";
export type { TelegramSendScope } from "./telegram-send-target.js";
