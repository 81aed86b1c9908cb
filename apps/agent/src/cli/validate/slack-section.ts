import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkSlackConfig } from "@mono-agent/slack/check";
import { type CheckSection, section } from "./validate-report.js";

/**
 * The Slack section of `mono-agent validate`: the findings of `@mono-agent/slack`'s own check of
 * `slack.*` (with `--connect`, auth.test and the token's scopes).
 */
export async function slackSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
  options: { connect?: boolean } = {},
): Promise<CheckSection> {
  if (!loaded)
    return section("slack", "Slack", [
      { status: "disabled", message: "Slack cannot be checked until the config loads." },
    ]);
  return section("slack", "Slack", await checkSlackConfig(loaded.config, env, options));
}
