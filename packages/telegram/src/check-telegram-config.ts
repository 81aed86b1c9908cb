import type { ChannelCheckLine } from "@mono-agent/channel-kit";
import type { EnvRecord, MonoAgentConfig } from "@mono-agent/config";
import { createToolPolicy } from "@mono-agent/policy";
import { resolveTelegramConfig } from "./resolve-telegram-config.js";
import { telegramSendToolsOffered } from "./telegram-send-tools-offered.js";

/** How long a connecting check waits for Telegram's getMe, in ms: one round trip, with room for a slow link. */
export const TELEGRAM_GET_ME_TIMEOUT_MS = 5_000;

async function getMeLines(apiRoot: string, botToken: string, mode: string): Promise<ChannelCheckLine[]> {
  try {
    const response = await fetch(`${apiRoot.replace(/\/+$/, "")}/bot${botToken}/getMe`, {
      signal: AbortSignal.timeout(TELEGRAM_GET_ME_TIMEOUT_MS),
    });
    const body = (await response.json()) as {
      ok?: boolean;
      description?: string;
      result?: { username?: string; can_read_all_group_messages?: boolean };
    };
    if (body.ok !== true)
      return [
        {
          status: "error",
          code: "telegram_auth_failed",
          message: `Telegram refused the bot token: ${body.description ?? `HTTP ${response.status}`}.`,
          suggestion: "copy the token @BotFather gave again (/mybots → the bot → API Token)",
        },
      ];
    return [
      { status: "ok", message: `getMe: the token works as @${body.result?.username ?? "the bot"}.` },
      {
        status: "ok",
        message:
          mode === "polling"
            ? "Polling: one serve per bot (a second consumer gets 409 Conflict from getUpdates)."
            : "Webhook: several replicas may serve behind one URL.",
      },
    ];
  } catch {
    // The URL holds the token: the error is not repeated.
    return [{ status: "warning", code: "telegram_unreachable", message: "getMe could not be reached." }];
  }
}

/**
 * Checks the Telegram part of a config, for `mono-agent validate`: whether `telegram.*` is valid with its
 * secrets set (by `$env` in `env`, in the shape Telegram uses), the mode, the allowlist, the send tools'
 * scope and whether each is offered and why not; with `connect`, getMe. Returns the findings in order; it
 * never throws for a bad config (an unreachable Telegram is a warning).
 */
export async function checkTelegramConfig(
  config: Pick<MonoAgentConfig, "telegram" | "tools">,
  env: EnvRecord,
  options: { connect?: boolean } = {},
): Promise<ChannelCheckLine[]> {
  const resolved = resolveTelegramConfig(config.telegram, env);
  if (resolved === undefined)
    return [
      {
        status: "disabled",
        message:
          "Not configured (no telegram block): serve does not answer Telegram; TelegramSendMessage and TelegramSendFile are not offered.",
      },
    ];
  if (!resolved.ok)
    return [
      ...resolved.problems.map(
        (problem): ChannelCheckLine => ({
          status: "error",
          code: "telegram_secret_unset",
          jsonPath: "telegram",
          message: `${problem}.`,
          suggestion: "export it, or put it in the agent folder's .env",
        }),
      ),
      {
        status: "error",
        code: "telegram_not_ready",
        message:
          "Until telegram.* is valid, serve does not answer Telegram and TelegramSendMessage, TelegramSendFile and AskUser are not offered there.",
      },
    ];
  const telegram = resolved.config;
  const lines: ChannelCheckLine[] = [
    telegram.mode === "polling"
      ? { status: "ok", message: "Mode: long polling (getUpdates); no public URL needed." }
      : {
          status: "ok",
          message: `Mode: webhook on ${telegram.webhook.host}:${telegram.webhook.port}${telegram.webhook.path}, the secret token checked on every request${telegram.webhook.url ? `; registered as ${telegram.webhook.url} at start` : " (register the public URL with setWebhook and the same secret_token)"}.`,
        },
  ];
  lines.push(
    telegram.allowAllChats
      ? {
          status: "warning",
          code: "telegram_all_chats",
          jsonPath: "telegram.allowAllChats",
          message: "Every chat the bot is in is answered, and the send tools may reach any of them.",
          suggestion: "list the chats in telegram.allowedChatIds instead",
        }
      : {
          status: "ok",
          message: `Answers in chats: ${telegram.allowedChatIds.join(", ")}; a message from any other chat starts no run.`,
        },
  );
  const offered = telegramSendToolsOffered(
    createToolPolicy({
      allowedTools: config.tools.allowedTools,
      disallowedTools: config.tools.disallowedTools,
    }),
  );
  const where =
    telegram.sendTools.scope === "producing-conversation"
      ? "to runs of an allowed telegram: chat, sending only to that chat"
      : "to every run, sending to allowlisted chats";
  for (const [name, on] of [
    ["TelegramSendMessage", offered.message],
    ["TelegramSendFile", offered.file],
  ] as const)
    lines.push({
      status: "ok",
      message: on ? `${name}: offered ${where}.` : `${name}: not offered (the tool policy leaves it out).`,
    });
  if (offered.file)
    lines.push({
      status: "ok",
      message:
        telegram.sendTools.pathScope === "run-output"
          ? "TelegramSendFile paths: only files directly inside the run's artifacts/outbound/<run-id>, opened without following symlinks; at most 20 MB."
          : "TelegramSendFile paths: refused (sendTools.pathScope none); base64 data only.",
    });
  if (options.connect) lines.push(...(await getMeLines(telegram.apiRoot, resolved.botToken, telegram.mode)));
  return lines;
}
