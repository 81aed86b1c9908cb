import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkTelegramConfig } from "@mono-agent/telegram/check";
import { type CheckSection, section } from "./validate-report.js";

/**
 * The Telegram section of `mono-agent validate`: the findings of `@mono-agent/telegram`'s own check of
 * `telegram.*` (with `--connect`, getMe).
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
  return section("telegram", "Telegram", await checkTelegramConfig(loaded.config, env, options));
}
