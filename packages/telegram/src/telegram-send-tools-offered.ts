import { evaluateTool, type ToolPolicy } from "@mono-agent/policy";

/**
 * Whether the policy offers each Telegram send tool with a running channel (an alias denied removes the
 * tool). A module of its own so `@mono-agent/telegram/check` loads without grammY and the MCP server code; the
 * names are the seed's (packages/policy's catalog holds them with their legacy aliases).
 */
export function telegramSendToolsOffered(policy: ToolPolicy): { message: boolean; file: boolean } {
  const offered = (name: string) =>
    evaluateTool(policy, name, { adapters: { telegram: true } }).decision === "offered";
  return { message: offered("TelegramSendMessage"), file: offered("TelegramSendFile") };
}
