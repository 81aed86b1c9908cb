import { type EnvRecord, resolveEnvReference, type TelegramConfig } from "@mono-agent/config";

/** Shape of a Bot API token: the bot's numeric id, a colon, then the secret part. */
export const TELEGRAM_TOKEN_PATTERN = /^\d{6,12}:[A-Za-z0-9_-]{20,}$/;

/** Shape of a webhook secret token the Bot API accepts. */
export const TELEGRAM_SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;

/** The `telegram.*` block with its `$env` secrets read from the host env, or the problems that stop it. */
export type ResolvedTelegram =
  | { ok: true; config: TelegramConfig; botToken: string; secretToken?: string }
  | { ok: false; problems: string[] };

/**
 * Reads the Telegram secrets named by `telegram.*` from `env`: the bot token, and the webhook secret in
 * webhook mode, each checked for the shape Telegram uses. `undefined` without a `telegram` block;
 * otherwise the resolved secrets or one problem per missing or malformed variable, naming it.
 */
export function resolveTelegramConfig(
  telegram: TelegramConfig | undefined,
  env: EnvRecord,
): ResolvedTelegram | undefined {
  if (telegram === undefined) return undefined;
  const problems: string[] = [];
  const read = (key: string, reference: { $env: string } | undefined, pattern: RegExp, form: string) => {
    if (reference === undefined) return undefined;
    const value = resolveEnvReference(reference, env);
    if (value === undefined || value === "")
      problems.push(`telegram.${key} reads ${reference.$env}, which is not set`);
    else if (!pattern.test(value))
      problems.push(`telegram.${key} reads ${reference.$env}, which does not look like ${form}`);
    return value;
  };
  const botToken = read(
    "botToken",
    telegram.botToken,
    TELEGRAM_TOKEN_PATTERN,
    "a bot token (<bot id>:<secret> from @BotFather)",
  );
  const secretToken =
    telegram.mode === "webhook"
      ? read(
          "webhook.secretToken",
          telegram.webhook.secretToken,
          TELEGRAM_SECRET_TOKEN_PATTERN,
          "a webhook secret (1-256 of A-Z a-z 0-9 _ -)",
        )
      : undefined;
  if (problems.length > 0 || botToken === undefined) return { ok: false, problems };
  return { ok: true, config: telegram, botToken, ...(secretToken !== undefined ? { secretToken } : {}) };
}
