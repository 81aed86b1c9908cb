/** Longest text of one Telegram message, in characters after entity parsing (Bot API `sendMessage`). */
export const TELEGRAM_MESSAGE_LIMIT = 4_096;

/**
 * Least time between two interim flushes of a streamed answer, in ms: Telegram asks bots for at most about
 * one message a second per chat (edits included); drafts and edits both keep to it.
 */
export const TELEGRAM_MIN_UPDATE_INTERVAL_MS = 1_000;

/**
 * Sends per chat per minute the channel makes, and of them the ones kept for asks, approvals, final
 * answers and continuation deliveries: Telegram allows a group 20 messages a minute; 5 kept back leave
 * room for a burst of priority sends while an answer streams.
 */
export const TELEGRAM_CHAT_BUDGET = { capacity: 20, reserved: 5, windowMs: 60_000 } as const;

/** Bytes of an inline button's `callback_data` Telegram keeps (Bot API: 1-64 bytes). */
export const TELEGRAM_CALLBACK_DATA_MAX_BYTES = 64;

/** Characters of an inline button's label the channel sends (a longer label is cut): Telegram shows about this many. */
export const TELEGRAM_BUTTON_LABEL_MAX = 64;

/**
 * Largest file TelegramSendFile uploads, in bytes: 20 MB, the project's staging cap (issue #20); the Bot
 * API takes documents up to 50 MB and photos up to 10 MB, so a photo over 10 MB is refused by Telegram.
 */
export const TELEGRAM_SEND_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Seconds one `getUpdates` long poll waits on Telegram for updates before it returns empty. */
export const TELEGRAM_POLL_TIMEOUT_SECONDS = 30;
