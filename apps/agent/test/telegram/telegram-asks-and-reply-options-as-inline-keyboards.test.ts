import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { offeredTools } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import {
  GROUP_CHAT,
  PRIVATE_CHAT,
  startTelegramHarness,
  type TelegramHarness,
  waitFor,
} from "./telegram-kit.js";

const ASK = "mcp__mono-agent-adapter-send__AskUser";
const SEND = "mcp__mono-agent-adapter-send__TelegramSendMessage";

let harness: TelegramHarness;
beforeAll(async () => {
  harness = await startTelegramHarness({
    config: { tools: { mcpStartupGraceMs: 30_000, approval: { mode: "rules", require: ["Read"] } } },
  });
  writeFileSync(join(harness.dir, "plan.txt"), "the secret plan");
});
afterAll(() => harness?.close());

const question = {
  questions: [
    {
      header: "Color",
      question: "Which color?",
      options: [{ label: "Red" }, { label: "Blue" }],
      multiSelect: false,
    },
  ],
};
const cardIn = (chatId: number) =>
  waitFor(
    () =>
      harness.fake
        .chat(chatId)
        .find(
          (message) => (message.reply_markup?.inline_keyboard.flat().length ?? 0) > 0 && message.text !== "",
        ),
    "the card with buttons",
  );
const buttonData = (
  card: { reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] } },
  label: string,
) =>
  card.reply_markup?.inline_keyboard.flat().find((button) => button.text === label)?.callback_data as string;

describe("asks, approvals and reply options in Telegram", () => {
  test("AskUser as an inline keyboard: a press answers, the press is acknowledged and the card shows the decision", async () => {
    let result = "";
    let offered: string[] = [];
    harness.script([
      (context) => {
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" });
      },
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Blue it is.")),
    ]);
    harness.say(PRIVATE_CHAT, "paint");
    const card = await cardIn(PRIVATE_CHAT);
    const data = buttonData(card, "Blue");
    expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    const press = harness.fake.push(
      harness.fake.press({ chatId: PRIVATE_CHAT, messageId: card.message_id, data }),
    );
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "Blue it is." ? true : undefined),
      "the answer",
    );
    expect(result).toContain("Blue");
    expect(card.text).toBe("Answered by @user4242: Color: Blue");
    expect(card.reply_markup).toBeUndefined();
    const callbackId = (press.callback_query as { id: string }).id;
    expect(harness.fake.callbackAnswers).toContainEqual({ id: callbackId, text: "Answered: Blue" });
    expect(offered).toEqual(
      expect.arrayContaining([ASK, SEND, "mcp__mono-agent-adapter-send__TelegramSendFile"]),
    );
    harness.fake.messages.splice(0);
  });

  test("a free-text message in the chat answers the pending question and starts no run of its own", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Green, noted.")),
    ]);
    harness.say(PRIVATE_CHAT, "paint again");
    await cardIn(PRIVATE_CHAT);
    harness.say(PRIVATE_CHAT, "green, please");
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "Green, noted." ? true : undefined),
      "the answer",
    );
    expect(result).toContain("green, please");
    expect(harness.faux.getPendingResponseCount()).toBe(0);
    harness.fake.messages.splice(0);
  });

  test("an approval denied by button in a group keeps the file unread", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Not read.")),
    ]);
    harness.say(GROUP_CHAT, "@mono_test_bot read the plan", {
      entities: [{ type: "mention", offset: 0, length: 14 }],
    });
    const card = await cardIn(GROUP_CHAT);
    expect(card.text).toContain("Approve <code>Read</code>?");
    harness.fake.push(
      harness.fake.press({
        chatId: GROUP_CHAT,
        messageId: card.message_id,
        data: buttonData(card, "Deny"),
      }),
    );
    await waitFor(
      () => (harness.fake.chat(GROUP_CHAT).at(-1)?.text === "Not read." ? true : undefined),
      "the answer",
    );
    // The asker (the group's default sender) decides their own run's approval.
    expect(card.text).toBe("Denied by @user100777.");
    expect(result).not.toContain("the secret plan");
    harness.fake.messages.splice(0);
  });

  test("TelegramSendMessage's reply options do not block; a press arrives as the next user turn and takes the buttons down", async () => {
    let sendResult = "";
    let nextInput = "";
    harness.script([
      fauxAssistantMessage(
        [fauxToolCall(SEND, { text: "Which **plan**?", reply_options: ["Basic", "Pro"] })],
        {
          stopReason: "toolUse",
        },
      ),
      stepAfter((context) => {
        sendResult = lastToolResult(context);
      }, fauxAssistantMessage("Pick one above.")),
      (context) => {
        nextInput = JSON.stringify(context.messages.at(-1));
        return fauxAssistantMessage("Pro, good choice.");
      },
    ]);
    harness.say(PRIVATE_CHAT, "offer plans");
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "Pick one above." ? true : undefined),
      "the first answer",
    );
    expect(sendResult).toContain("will arrive as their next message");
    const offer = harness.fake.chat(PRIVATE_CHAT).find((message) => message.text === "Which <b>plan</b>?");
    expect(offer).toBeDefined();
    harness.fake.push(
      harness.fake.press({
        chatId: PRIVATE_CHAT,
        messageId: offer?.message_id as number,
        data: buttonData(offer as never, "Pro"),
      }),
    );
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "Pro, good choice." ? true : undefined),
      "the turn after the press",
    );
    expect(nextInput).toContain("Pro");
    expect(offer?.reply_markup?.inline_keyboard).toEqual([]);
  });
});
