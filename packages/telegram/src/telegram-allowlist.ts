/** The destination boundary of the Telegram channel: `telegram.allowedChatIds` / `allowAllChats`. */
export interface TelegramAllowlist {
  /** Chat ids as decimal strings (a private chat's id is the user's id; groups are negative). */
  allowedChatIds: readonly string[];
  allowAllChats: boolean;
}

/** Whether the agent may answer in, or send to, `chatId`. */
export function isTelegramChatAllowed(allowlist: TelegramAllowlist, chatId: number | string): boolean {
  return allowlist.allowAllChats || allowlist.allowedChatIds.includes(String(chatId));
}
