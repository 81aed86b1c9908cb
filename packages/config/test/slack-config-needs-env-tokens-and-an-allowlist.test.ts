import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";

const cwd = "/agents/demo";
const errorsOf = async (config: unknown) =>
  (await diagnoseMonoAgentConfig({ config, cwd, env: {} })).issues.filter(
    (issue) => issue.severity === "error",
  );
const messagesOf = async (config: unknown) =>
  (await errorsOf(config)).map((issue) => `${issue.jsonPath ?? ""}: ${issue.message}`).join("\n");

describe("slack config", () => {
  it("defaults: Socket Mode, loopback HTTP endpoint settings, nothing allowed beyond the listed channels", async () => {
    const { config } = await loadMonoAgentConfig({
      cwd,
      env: {},
      config: {
        slack: {
          botToken: { $env: "SLACK_BOT_TOKEN" },
          appToken: { $env: "SLACK_APP_TOKEN" },
          allowedChannelIds: ["C0123ABCD"],
        },
      },
    });
    expect(config.slack).toMatchObject({
      mode: "socket",
      http: { host: "127.0.0.1", port: 3000, path: "/slack/events" },
      allowAllChannels: false,
      allowDirectMessages: false,
      apiUrl: "https://slack.com/api/",
    });
  });

  it("refuses a literal token, a mode without its secret, an empty allowlist and a bad channel id, naming the fix", async () => {
    expect(
      await messagesOf({ slack: { botToken: "xoxb-123", appToken: { $env: "A" }, allowAllChannels: true } }),
    ).toMatch(/botToken/);
    expect(await messagesOf({ slack: { botToken: { $env: "B" }, allowAllChannels: true } })).toMatch(
      /mode "socket" needs appToken/,
    );
    expect(
      await messagesOf({ slack: { mode: "http", botToken: { $env: "B" }, allowAllChannels: true } }),
    ).toMatch(/mode "http" needs signingSecret/);
    expect(await messagesOf({ slack: { botToken: { $env: "B" }, appToken: { $env: "A" } } })).toMatch(
      /no channel would be answered/,
    );
    expect(
      await messagesOf({
        slack: { botToken: { $env: "B" }, appToken: { $env: "A" }, allowedChannelIds: ["general"] },
      }),
    ).toMatch(/Slack channel id/);
  });
});
