import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "TELEGRAM_CONVERSATION_ID_FORM",
        "TELEGRAM_MESSAGE_LIMIT",
        "TELEGRAM_SEND_FILE_TOOL_NAME",
        "TELEGRAM_SEND_MESSAGE_TOOL_NAME",
        "composeTelegramChannel",
        "createTelegramSendServer",
        "isTelegramChatAllowed",
        "markdownToTelegramHtml",
        "parseTelegramConversationId",
        "postTelegramText",
        "startTelegramChannel",
        "telegramConversationId",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "RunOutputLocation",
        "StartTelegramChannelOptions",
        "TELEGRAM_CONVERSATION_ID_FORM",
        "TELEGRAM_MESSAGE_LIMIT",
        "TELEGRAM_SEND_FILE_TOOL_NAME",
        "TELEGRAM_SEND_MESSAGE_TOOL_NAME",
        "TelegramAllowlist",
        "TelegramAskAnswerer",
        "TelegramAskChannel",
        "TelegramChannel",
        "TelegramChannelTuning",
        "TelegramComposition",
        "TelegramCompositionStart",
        "TelegramSendRun",
        "TelegramSendScope",
        "TelegramSendServerOptions",
        "composeTelegramChannel",
        "createTelegramSendServer",
        "isTelegramChatAllowed",
        "markdownToTelegramHtml",
        "parseTelegramConversationId",
        "postTelegramText",
        "startTelegramChannel",
        "telegramConversationId",
      ]
    `);
  });
});
