import { type EnvRecord, resolveEnvReference, type SlackConfig } from "@mono-agent/config";

/** The `slack.*` block with its `$env` secrets read from the host env, or the problems that stop it. */
export type ResolvedSlack =
  | {
      ok: true;
      config: SlackConfig;
      botToken: string;
      appToken?: string;
      signingSecret?: string;
    }
  | { ok: false; problems: string[] };

/**
 * Reads the Slack secrets named by `slack.*` from `env`: the bot token, and the app token (socket mode) or
 * the signing secret (http mode). `undefined` when there is no `slack` block; otherwise either the
 * resolved secrets or one problem per unset variable, naming it.
 */
export function resolveSlackConfig(
  slack: SlackConfig | undefined,
  env: EnvRecord,
): ResolvedSlack | undefined {
  if (slack === undefined) return undefined;
  const problems: string[] = [];
  const read = (key: string, reference: { $env: string } | undefined) => {
    if (reference === undefined) return undefined;
    const value = resolveEnvReference(reference, env);
    if (value === undefined || value === "")
      problems.push(`slack.${key} reads ${reference.$env}, which is not set`);
    return value;
  };
  const botToken = read("botToken", slack.botToken);
  const appToken = slack.mode === "socket" ? read("appToken", slack.appToken) : undefined;
  const signingSecret = slack.mode === "http" ? read("signingSecret", slack.signingSecret) : undefined;
  if (problems.length > 0 || botToken === undefined) return { ok: false, problems };
  return {
    ok: true,
    config: slack,
    botToken,
    ...(appToken !== undefined ? { appToken } : {}),
    ...(signingSecret !== undefined ? { signingSecret } : {}),
  };
}
