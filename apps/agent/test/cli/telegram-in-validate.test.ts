import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../../../../packages/telegram/test/fake-telegram.js";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliAsync } from "./run-cli-async.js";

let fake: FakeTelegram;
beforeAll(async () => {
  fake = await startFakeTelegram();
});
afterAll(() => fake?.close());

const telegramConfig = (extra: Record<string, unknown> = {}) => ({
  telegram: {
    botToken: { $env: "TELEGRAM_BOT_TOKEN" },
    allowedChatIds: [42],
    apiRoot: fake.apiRoot,
    ...extra,
  },
});
type Report = { sections: { id: string; status: string; lines: { status: string; message: string }[] }[] };
const telegramOf = (stdout: string) => {
  const found = (JSON.parse(stdout) as Report).sections.find((entry) => entry.id === "telegram");
  return { status: found?.status, text: found?.lines.map((line) => line.message).join("\n") ?? "" };
};

describe("validate's Telegram section", () => {
  test("an unset or malformed token is an error naming the variable and saying the tools are not offered", async () => {
    const dir = makeAgentFolder(telegramConfig());
    const unset = telegramOf((await runCliAsync(["validate", "--json"], { cwd: dir })).stdout);
    expect(unset.status).toBe("error");
    expect(unset.text).toContain("telegram.botToken reads TELEGRAM_BOT_TOKEN, which is not set");
    expect(unset.text).toContain("TelegramSendFile and AskUser are not offered");
    const malformed = telegramOf(
      (
        await runCliAsync(["validate", "--json"], {
          cwd: dir,
          env: { TELEGRAM_BOT_TOKEN: "xoxb-not-telegram" },
        })
      ).stdout,
    );
    expect(malformed.text).toContain("does not look like a bot token");
  });

  test("with --connect: mode, allowlist, the tools and their scope, and getMe; a denied alias is reported", async () => {
    const dir = makeAgentFolder({ ...telegramConfig(), tools: { disallowedTools: ["telegram_send_photo"] } });
    const result = await runCliAsync(["validate", "--json", "--connect"], {
      cwd: dir,
      env: { TELEGRAM_BOT_TOKEN: fake.token },
    });
    const telegram = telegramOf(result.stdout);
    expect(telegram.status).toBe("ok");
    expect(telegram.text).toContain("Mode: long polling");
    expect(telegram.text).toContain("Answers in chats: 42");
    expect(telegram.text).toContain("TelegramSendMessage: offered to runs of an allowed telegram: chat");
    expect(telegram.text).toContain("TelegramSendFile: not offered");
    expect(telegram.text).toContain("getMe: the token works as @mono_test_bot");
    const refused = telegramOf(
      (
        await runCliAsync(["validate", "--json", "--connect"], {
          cwd: dir,
          env: { TELEGRAM_BOT_TOKEN: "123456789:AAWrongTokenWrongTokenWrong" },
        })
      ).stdout,
    );
    expect(refused.status).toBe("error");
    expect(refused.text).toContain("Telegram refused the bot token: Unauthorized");
  });
});
