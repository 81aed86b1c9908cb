import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";

const cwd = "/agents/demo";
const messagesOf = async (config: unknown) =>
  (await diagnoseMonoAgentConfig({ config, cwd, env: {} })).issues
    .filter((issue) => issue.severity === "error")
    .map((issue) => `${issue.jsonPath ?? ""}: ${issue.message}`)
    .join("\n");

describe("telegram config", () => {
  it("defaults: long polling, the official API root, sends confined to the producing chat and the run's output folder", async () => {
    const { config } = await loadMonoAgentConfig({
      cwd,
      env: {},
      config: {
        telegram: { botToken: { $env: "TELEGRAM_BOT_TOKEN" }, allowedChatIds: [42, "-1001234567890"] },
      },
    });
    expect(config.telegram).toMatchObject({
      mode: "polling",
      allowedChatIds: ["42", "-1001234567890"],
      allowAllChats: false,
      apiRoot: "https://api.telegram.org",
      webhook: { host: "127.0.0.1", port: 8443, path: "/telegram/webhook" },
      sendTools: { scope: "producing-conversation", pathScope: "run-output" },
    });
  });

  it("refuses a literal token, webhook mode without a secret, an empty allowlist and a chat id that is not one", async () => {
    expect(await messagesOf({ telegram: { botToken: "123:abc", allowAllChats: true } })).toMatch(/botToken/);
    expect(
      await messagesOf({ telegram: { mode: "webhook", botToken: { $env: "T" }, allowAllChats: true } }),
    ).toMatch(/webhook\.secretToken/);
    expect(await messagesOf({ telegram: { botToken: { $env: "T" } } })).toMatch(/no chat would be answered/);
    expect(await messagesOf({ telegram: { botToken: { $env: "T" }, allowedChatIds: ["@team"] } })).toMatch(
      /accepted: a Telegram chat id/,
    );
  });
});
