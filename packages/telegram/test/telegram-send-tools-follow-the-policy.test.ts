import { createToolPolicy } from "@mono-agent/policy";
import { describe, expect, test } from "vitest";
import { telegramSendToolsOffered } from "../src/telegram-send-tools-offered.js";

describe("the Telegram send tools under the tool policy", () => {
  test("allow-all offers both; denying the legacy alias telegram_send_photo (or telegram_send_document) removes the whole TelegramSendFile", () => {
    expect(telegramSendToolsOffered(createToolPolicy({}))).toEqual({ message: true, file: true });
    for (const alias of ["telegram_send_photo", "telegram_send_document", "TelegramSendFile"])
      expect(telegramSendToolsOffered(createToolPolicy({ disallowedTools: [alias] })), alias).toEqual({
        message: true,
        file: false,
      });
  });

  test('under allowedTools: ["Read"] neither is offered; allowing an alias offers the tool it names', () => {
    expect(telegramSendToolsOffered(createToolPolicy({ allowedTools: ["Read"] }))).toEqual({
      message: false,
      file: false,
    });
    expect(telegramSendToolsOffered(createToolPolicy({ allowedTools: ["telegram_send_photo"] }))).toEqual({
      message: false,
      file: true,
    });
  });
});
