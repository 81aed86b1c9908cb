import type { ChannelCheckLine } from "@mono-agent/channel-kit";
import type { EnvRecord, MonoAgentConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import { resolveSlackConfig } from "./resolve-slack-config.js";

/** How long a connecting check waits for Slack's auth.test, in ms: one round trip, with room for a slow link. */
export const SLACK_AUTH_TEST_TIMEOUT_MS = 5_000;

/** Bot scopes the channel needs (docs/slack.md manifest): mentions and DMs, posting, files, channel members (asks). */
export const SLACK_REQUIRED_SCOPES = [
  "app_mentions:read",
  "chat:write",
  "im:history",
  "files:read",
  "channels:read",
] as const;

async function authTestLines(apiUrl: string, botToken: string): Promise<ChannelCheckLine[]> {
  try {
    const response = await fetch(new URL("auth.test", apiUrl), {
      method: "POST",
      headers: { authorization: `Bearer ${botToken}` },
      signal: AbortSignal.timeout(SLACK_AUTH_TEST_TIMEOUT_MS),
    });
    const body = (await response.json()) as { ok?: boolean; error?: string; user?: string; team?: string };
    if (body.ok !== true)
      return [
        {
          status: "error",
          code: "slack_auth_failed",
          message: `Slack refused the bot token: ${body.error ?? `HTTP ${response.status}`}.`,
          suggestion: "copy the Bot User OAuth Token (xoxb-…) of the installed app again",
        },
      ];
    const granted = (response.headers.get("x-oauth-scopes") ?? "").split(",").map((scope) => scope.trim());
    const missing = SLACK_REQUIRED_SCOPES.filter((scope) => !granted.includes(scope));
    return [
      {
        status: "ok",
        message: `auth.test: the token works as ${body.user ?? "the bot"} in ${body.team ?? "its workspace"}.`,
      },
      missing.length === 0
        ? { status: "ok", message: `Scopes: ${SLACK_REQUIRED_SCOPES.join(", ")} granted.` }
        : {
            status: "warning",
            code: "slack_scopes_missing",
            message: `The bot token lacks ${missing.join(", ")}.`,
            suggestion:
              "add them under OAuth & Permissions (or paste the manifest of docs/slack.md) and reinstall the app",
          },
    ];
  } catch (error) {
    return [
      {
        status: "warning",
        code: "slack_unreachable",
        message: `auth.test could not be reached: ${error instanceof Error ? error.message : String(error)}.`,
      },
    ];
  }
}

/**
 * Checks the Slack part of a config, for `mono-agent validate`: whether `slack.*` is valid with its secrets
 * set (by `$env` in `env`), the mode and where events arrive, the allowlist, whether SlackSendMessage and
 * AskUser are offered and why not; with `connect`, auth.test and the bot token's scopes. Returns the
 * findings in order; it never throws for a bad config (an unreachable Slack is a warning).
 */
export async function checkSlackConfig(
  config: Pick<MonoAgentConfig, "slack" | "tools">,
  env: EnvRecord,
  options: { connect?: boolean } = {},
): Promise<ChannelCheckLine[]> {
  const resolved = resolveSlackConfig(config.slack, env);
  if (resolved === undefined)
    return [
      {
        status: "disabled",
        message:
          "Not configured (no slack block): serve does not join Slack; SlackSendMessage is not offered.",
      },
    ];
  if (!resolved.ok)
    return [
      ...resolved.problems.map(
        (problem): ChannelCheckLine => ({
          status: "error",
          code: "slack_secret_unset",
          jsonPath: "slack",
          message: `${problem}.`,
          suggestion: "export it, or put it in the agent folder's .env",
        }),
      ),
      {
        status: "error",
        code: "slack_not_ready",
        message:
          "Until slack.* is valid, serve does not join Slack and SlackSendMessage and AskUser are not offered.",
      },
    ];
  const slack = resolved.config;
  const lines: ChannelCheckLine[] = [
    slack.mode === "socket"
      ? { status: "ok", message: "Mode: Socket Mode (app token); no public URL needed." }
      : {
          status: "ok",
          message: `Mode: HTTP events on ${slack.http.host}:${slack.http.port}${slack.http.path}, signatures checked with the signing secret.`,
        },
  ];
  if (slack.allowAllChannels)
    lines.push({
      status: "warning",
      code: "slack_all_channels",
      jsonPath: "slack.allowAllChannels",
      message: "Every channel the app is in is answered, and SlackSendMessage may post to any of them.",
      suggestion: "list the channels in slack.allowedChannelIds instead",
    });
  else
    lines.push({
      status: "ok",
      message:
        slack.allowedChannelIds.length > 0
          ? `Answers and posts in: ${slack.allowedChannelIds.join(", ")}; a mention anywhere else starts no run.`
          : "No channel is answered; only direct messages.",
    });
  lines.push({
    status: "ok",
    message: slack.allowDirectMessages
      ? "Direct messages and assistant threads: answered."
      : "Direct messages: not answered (slack.allowDirectMessages).",
  });
  const policy = createToolPolicy({
    allowedTools: config.tools.allowedTools,
    disallowedTools: config.tools.disallowedTools,
  });
  const decision = evaluateTool(policy, "SlackSendMessage", { adapters: { slack: true } });
  lines.push({
    status: "ok",
    message:
      decision.decision === "offered"
        ? "SlackSendMessage: offered to every run while serve is in Slack."
        : `SlackSendMessage: not offered (${decision.reason}: the tool policy leaves it out).`,
  });
  if (options.connect) lines.push(...(await authTestLines(slack.apiUrl, resolved.botToken)));
  return lines;
}
