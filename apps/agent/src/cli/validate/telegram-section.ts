import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy } from "@mono-agent/policy";
import { resolveTelegramConfig } from "../../app/channels/resolve-telegram-config.js";
import { telegramSendToolsOffered } from "../../app/channels/telegram-send-tools-offered.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/** How long `validate --connect` waits for Telegram's getMe, in ms: one round trip, with room for a slow link. */
export const TELEGRAM_GET_ME_TIMEOUT_MS = 5_000;

async function getMeLines(apiRoot: string, botToken: string, mode: string): Promise<CheckLine[]> {
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
 * The Telegram section of `mono-agent validate`: whether `telegram.*` is valid with its secrets set (by
 * `$env`, in the shape Telegram uses), the mode, the allowlist, the send tools' scope and whether each is
 * offered and why not; with `--connect`, getMe.
 */
export async function telegramSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
  options: { connect?: boolean } = {},
): Promise<CheckSection> {
  if (!loaded)
    return section("telegram", "Telegram", [
      { status: "disabled", message: "Telegram cannot be checked until the config loads." },
    ]);
  const resolved = resolveTelegramConfig(loaded, env);
  if (resolved === undefined)
    return section("telegram", "Telegram", [
      {
        status: "disabled",
        message:
          "Not configured (no telegram block): serve does not answer Telegram; TelegramSendMessage and TelegramSendFile are not offered.",
      },
    ]);
  if (!resolved.ok)
    return section("telegram", "Telegram", [
      ...resolved.problems.map(
        (problem): CheckLine => ({
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
    ]);
  const { config } = resolved;
  const lines: CheckLine[] = [
    config.mode === "polling"
      ? { status: "ok", message: "Mode: long polling (getUpdates); no public URL needed." }
      : {
          status: "ok",
          message: `Mode: webhook on ${config.webhook.host}:${config.webhook.port}${config.webhook.path}, the secret token checked on every request${config.webhook.url ? `; registered as ${config.webhook.url} at start` : " (register the public URL with setWebhook and the same secret_token)"}.`,
        },
  ];
  lines.push(
    config.allowAllChats
      ? {
          status: "warning",
          code: "telegram_all_chats",
          jsonPath: "telegram.allowAllChats",
          message: "Every chat the bot is in is answered, and the send tools may reach any of them.",
          suggestion: "list the chats in telegram.allowedChatIds instead",
        }
      : {
          status: "ok",
          message: `Answers in chats: ${config.allowedChatIds.join(", ")}; a message from any other chat starts no run.`,
        },
  );
  const offered = telegramSendToolsOffered(
    createToolPolicy({
      allowedTools: loaded.config.tools.allowedTools,
      disallowedTools: loaded.config.tools.disallowedTools,
    }),
  );
  const where =
    config.sendTools.scope === "producing-conversation"
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
        config.sendTools.pathScope === "run-output"
          ? "TelegramSendFile paths: only files directly inside the run's artifacts/outbound/<run-id>, opened without following symlinks; at most 20 MB."
          : "TelegramSendFile paths: refused (sendTools.pathScope none); base64 data only.",
    });
  if (options.connect) lines.push(...(await getMeLines(config.apiRoot, resolved.botToken, config.mode)));
  return section("telegram", "Telegram", lines);
}
