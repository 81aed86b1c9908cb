import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import { mentionEvent, type SlackHarness, startSlackHarness, waitFor } from "./slack-kit.js";

const ASK = "mcp__mono-agent-adapter-send__AskUser";
const MEMBERS = ["UHUMAN", "UOTHER", "UBOSS"];

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
type Button = { value: string; text: { text: string } };
const buttonsOf = (blocks: unknown[] | undefined): Button[] =>
  (blocks ?? []).flatMap((block) =>
    ((block as { elements?: Button[] }).elements ?? []).filter((item) => "value" in item),
  );

function kit(harness: () => SlackHarness) {
  const thread = (root: string) => harness().fake.messages.filter((message) => message.thread_ts === root);
  const cardIn = (root: string) =>
    waitFor(() => thread(root).find((message) => buttonsOf(message.blocks).length > 0), "the card");
  const click = async (card: { ts: string; blocks?: unknown[] }, label: string, userId: string) => {
    const before = harness().fake.ephemerals.length;
    const button = buttonsOf(card.blocks).find((item) => item.text.text === label) as Button;
    expect(
      await harness().fake.clickButton(harness().eventsUrl, {
        userId,
        channel: "C0ALLOW",
        messageTs: card.ts,
        value: button.value,
      }),
    ).toBe(200);
    return before;
  };
  /** The ephemeral message `userId` got after `before` (only they see it). */
  const toldTo = (userId: string, before: number) =>
    waitFor(
      () =>
        harness()
          .fake.ephemerals.slice(before)
          .find((item) => item.user === userId),
      `the ephemeral message to ${userId}`,
    );
  const mention = (eventId: string, root: string, text: string, user = "UHUMAN") =>
    harness().fake.postEvent(
      harness().eventsUrl,
      mentionEvent({ eventId, channel: "C0ALLOW", text: `<@UBOT> ${text}`, ts: root, user }),
    );
  const threadShows = (root: string, text: string) =>
    waitFor(() => (thread(root).some((message) => message.text === text) ? true : undefined), text);
  return { thread, cardIn, click, toldTo, mention, threadShows };
}

describe("in a Slack channel, asks and approvals go to the asker or the approvers", () => {
  let harness: SlackHarness;
  const { thread, cardIn, click, toldTo, mention, threadShows } = kit(() => harness);
  beforeAll(async () => {
    harness = await startSlackHarness({
      config: {
        tools: { mcpStartupGraceMs: 30_000, approval: { mode: "rules", require: ["Read"] } },
        interaction: { answerers: { approvers: ["slack:UBOSS"] } },
      },
    });
    harness.fake.members = { C0ALLOW: MEMBERS, C0OTHER: MEMBERS };
    writeFileSync(join(harness.dir, "plan.txt"), "the secret plan");
  });
  afterAll(() => harness?.close());

  test("another member's click is refused (an ephemeral says why, the card stays open); the asker's answers", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Blue it is.")),
    ]);
    const root = "1860000000.000001";
    await mention("Ev-who-1", root, "paint");
    const card = await cardIn(root);
    const told = await toldTo("UOTHER", await click(card, "Red", "UOTHER"));
    expect(told).toMatchObject({
      channel: "C0ALLOW",
      thread_ts: root,
      text: "Only the person who asked may answer this question; your answer was not taken.",
    });
    expect(card.text).not.toContain("Answered");
    expect(buttonsOf(card.blocks).length).toBeGreaterThan(0);
    await click(card, "Blue", "UHUMAN");
    await threadShows(root, "Blue it is.");
    await waitFor(() => (card.text.startsWith("Answered") ? true : undefined), "the settled card");
    // The card and the model name the answerer the same way.
    expect(card.text).toBe("Answered by <@UHUMAN>: Color: Blue");
    expect(result).toContain("Answered by <@UHUMAN>:\nColor: Blue");
    // People never see the host's internal server names while the ask waits.
    for (const message of thread(root)) expect(message.versions.join("\n")).not.toContain("mono-agent-");
  });

  test("an approval: another member is refused, a configured approver decides", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Read it.")),
    ]);
    const root = "1860000000.000002";
    await mention("Ev-who-2", root, "read the plan");
    const card = await cardIn(root);
    const told = await toldTo("UOTHER", await click(card, "Approve", "UOTHER"));
    expect(told.text).toBe(
      "Only the person who asked or a configured approver may decide this approval; your answer was not taken.",
    );
    expect(buttonsOf(card.blocks).length).toBe(2);
    await click(card, "Approve", "UBOSS");
    await threadShows(root, "Read it.");
    expect(result).toContain("the secret plan");
    await waitFor(() => (card.text === "Approved by <@UBOSS>." ? true : undefined), "the settled card");
  });

  test("a run no person started (as a trigger runs): the asker-less approval is refused to members, the approver decides", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Read for the trigger.")),
    ]);
    const root = "1860000000.000003";
    const running = harness.app.run({
      input: "nightly: read the plan",
      conversationId: `slack:C0ALLOW:${root}`,
      source: "trigger",
    });
    const card = await waitFor(
      () =>
        harness.fake.messages.find(
          (message) => message.thread_ts === root && buttonsOf(message.blocks).length > 0,
        ),
      "the card",
    );
    const told = await toldTo("UHUMAN", await click(card, "Approve", "UHUMAN"));
    expect(told.text).toBe("Only a configured approver may decide this approval; your answer was not taken.");
    await click(card, "Approve", "UBOSS");
    expect((await running).status).toBe("succeeded");
    expect(result).toContain("the secret plan");
  });
});

describe('with interaction.answerers.asks "anyone"', () => {
  let harness: SlackHarness;
  const { cardIn, click, mention, threadShows } = kit(() => harness);
  beforeAll(async () => {
    harness = await startSlackHarness({
      config: {
        tools: { mcpStartupGraceMs: 30_000 },
        interaction: { answerers: { asks: "anyone" } },
      },
    });
    harness.fake.members = { C0ALLOW: MEMBERS, C0OTHER: MEMBERS };
  });
  afterAll(() => harness?.close());

  test("another member of the channel answers the question", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Red, then.")),
    ]);
    const root = "1860000000.000004";
    await mention("Ev-who-4", root, "paint");
    const card = await cardIn(root);
    await click(card, "Red", "UOTHER");
    await threadShows(root, "Red, then.");
    expect(result).toContain("Answered by <@UOTHER>:");
  });
});
