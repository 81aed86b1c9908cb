export {
  composeTelegramChannel,
  type TelegramChannelTuning,
  type TelegramComposition,
  type TelegramCompositionStart,
  type TelegramSendRun,
} from "./compose-telegram-channel.js";
export { markdownToTelegramHtml } from "./markdown-to-telegram-html.js";
export type { RunOutputLocation } from "./open-run-output-file.js";
export { postTelegramText } from "./post-telegram-text.js";
export {
  type StartTelegramChannelOptions,
  startTelegramChannel,
  type TelegramChannel,
} from "./start-telegram-channel.js";
export { isTelegramChatAllowed, type TelegramAllowlist } from "./telegram-allowlist.js";
export type { TelegramAskAnswerer, TelegramAskChannel } from "./telegram-ask-channel.js";
export {
  parseTelegramConversationId,
  TELEGRAM_CONVERSATION_ID_FORM,
  telegramConversationId,
} from "./telegram-conversation-id.js";
export { TELEGRAM_MESSAGE_LIMIT } from "./telegram-limits.js";
export {
  createTelegramSendServer,
  TELEGRAM_SEND_FILE_TOOL_NAME,
  TELEGRAM_SEND_MESSAGE_TOOL_NAME,
  type TelegramSendServerOptions,
} from "./telegram-send-server.js";
export type { TelegramSendScope } from "./telegram-send-target.js";
