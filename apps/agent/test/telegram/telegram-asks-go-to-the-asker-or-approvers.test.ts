import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import { GROUP_CHAT, startTelegramHarness, type TelegramHarness, waitFor } from "./telegram-kit.js";

const ASK = "mcp__mono-agent-adapter-send__AskUser";
const ASKER = 1111;
const MEMBER = 4444;
const APPROVER = 9999;

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
type Card = {
  message_id: number;
  text: string;
  reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] };
};

function kit(harness: () => TelegramHarness) {
  const cardIn = () =>
    waitFor(
      () =>
        harness()
          .fake.chat(GROUP_CHAT)
          .find((message) => (message.reply_markup?.inline_keyboard.flat().length ?? 0) > 0) as
          | Card
          | undefined,
      "the card with buttons",
    );
  /** Presses `label` as `fromId`; resolves to what Telegram showed only the presser (the callback answer). */
  const press = async (card: Card, label: string, fromId: number) => {
    const data = card.reply_markup?.inline_keyboard
      .flat()
      .find((button) => button.text === label)?.callback_data;
    const update = harness().fake.push(
      harness().fake.press({ chatId: GROUP_CHAT, messageId: card.message_id, data: data as string, fromId }),
    );
    const id = (update.callback_query as { id: string }).id;
    const answered = await waitFor(
      () => harness().fake.callbackAnswers.find((item) => item.id === id),
      "the callback answer",
    );
    return answered.text ?? "";
  };
  const mention = (text: string, fromId: number) =>
    harness().say(GROUP_CHAT, `@mono_test_bot ${text}`, {
      entities: [{ type: "mention", offset: 0, length: 14 }],
      fromId,
    });
  const lastText = (text: string) =>
    waitFor(() => (harness().fake.chat(GROUP_CHAT).at(-1)?.text === text ? true : undefined), text);
  return { cardIn, press, mention, lastText };
}

describe("in a Telegram group, asks and approvals go to the asker or the approvers", () => {
  let harness: TelegramHarness;
  const { cardIn, press, mention, lastText } = kit(() => harness);
  beforeAll(async () => {
    harness = await startTelegramHarness({
      config: {
        tools: { mcpStartupGraceMs: 30_000, approval: { mode: "rules", require: ["Read"] } },
        interaction: { answerers: { approvers: [`telegram:${APPROVER}`] } },
      },
    });
    writeFileSync(join(harness.dir, "plan.txt"), "the secret plan");
  });
  afterAll(() => harness?.close());

  test("another member's press on the asker's question is refused (told why, card open); the asker's answers", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Blue it is.")),
    ]);
    mention("paint", ASKER);
    const card = await cardIn();
    expect(await press(card, "Red", MEMBER)).toBe(
      "Only the person who asked may answer this question; your answer was not taken.",
    );
    expect(card.reply_markup?.inline_keyboard.flat().length).toBeGreaterThan(0);
    expect(card.text).not.toContain("Answered");
    expect(await press(card, "Blue", ASKER)).toBe("Answered: Blue");
    await lastText("Blue it is.");
    expect(result).toContain(`Answered by @user${ASKER}:`);
    expect(card.text).toBe(`Answered by @user${ASKER}: Color: Blue`);
    harness.fake.messages.splice(0);
  });

  test("an approval: another member is refused, a configured approver decides", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Read it.")),
    ]);
    mention("read the plan", ASKER);
    const card = await cardIn();
    expect(await press(card, "Approve", MEMBER)).toBe(
      "Only the person who asked or a configured approver may decide this approval; your answer was not taken.",
    );
    expect(card.text).toContain("Approve <code>Read</code>?");
    expect(await press(card, "Approve", APPROVER)).toBe("Approved.");
    await lastText("Read it.");
    expect(result).toContain("the secret plan");
    expect(card.text).toBe(`Approved by @user${APPROVER}.`);
    harness.fake.messages.splice(0);
  });

  test("a run no person started (as a trigger runs): even the chat's members are refused, the approver decides", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Read for the trigger.")),
    ]);
    const running = harness.app.run({
      input: "nightly: read the plan",
      conversationId: `telegram:${GROUP_CHAT}`,
      source: "trigger",
    });
    const card = await cardIn();
    expect(await press(card, "Approve", ASKER)).toBe(
      "Only a configured approver may decide this approval; your answer was not taken.",
    );
    expect(await press(card, "Approve", APPROVER)).toBe("Approved.");
    expect((await running).status).toBe("succeeded");
    expect(result).toContain("the secret plan");
    harness.fake.messages.splice(0);
  });
});

describe('with interaction.answerers.asks "anyone" and no approvers', () => {
  let harness: TelegramHarness;
  const { cardIn, press, mention, lastText } = kit(() => harness);
  beforeAll(async () => {
    harness = await startTelegramHarness({
      config: {
        tools: { mcpStartupGraceMs: 30_000, approval: { mode: "rules", require: ["Read"] } },
        interaction: { answerers: { asks: "anyone" } },
      },
    });
    writeFileSync(join(harness.dir, "plan.txt"), "the secret plan");
  });
  afterAll(() => harness?.close());

  test("another member of the chat answers the question", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Red, then.")),
    ]);
    mention("paint", ASKER);
    const card = await cardIn();
    expect(await press(card, "Red", MEMBER)).toBe("Answered: Red");
    await lastText("Red, then.");
    expect(result).toContain(`Answered by @user${MEMBER}:`);
    harness.fake.messages.splice(0);
  });

  test("a run no person started and no approver: its approval fails closed without a card", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Could not read.")),
    ]);
    const outcome = await harness.app.run({
      input: "nightly: read the plan",
      conversationId: `telegram:${GROUP_CHAT}`,
      source: "trigger",
    });
    expect(outcome.status).toBe("succeeded");
    expect(result).toContain("no one who may decide it can be reached here");
    expect(result).not.toContain("the secret plan");
    expect(harness.fake.chat(GROUP_CHAT).some((message) => message.text.includes("Approve"))).toBe(false);
  });
});
