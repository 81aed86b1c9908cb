export { checkTelegramConfig } from "./check-telegram-config.js";
export { telegramSendToolsOffered } from "./telegram-send-tools-offered.js";
