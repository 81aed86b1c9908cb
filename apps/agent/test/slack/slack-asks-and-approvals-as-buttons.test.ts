import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import { mentionEvent, type SlackHarness, startSlackHarness, waitFor } from "./slack-kit.js";

const ASK = "mcp__mono-agent-adapter-send__AskUser";

let harness: SlackHarness;
beforeAll(async () => {
  harness = await startSlackHarness({
    config: { tools: { mcpStartupGraceMs: 30_000, approval: { mode: "rules", require: ["Read"] } } },
  });
  writeFileSync(join(harness.dir, "plan.txt"), "the secret plan");
});
afterAll(() => harness?.close());

const thread = (root: string) => harness.fake.messages.filter((message) => message.thread_ts === root);
/**
 * Whether the thread holds a message reading `text`. Not "the last message": the reply's first post (the
 * tool status line) and the ask card are two independent requests, so either may come first in the thread.
 */
const threadShows = (root: string, text: string) =>
  thread(root).some((message) => message.text === text) ? true : undefined;
type Button = { value: string; text: { text: string } };
const buttonsOf = (blocks: unknown[] | undefined): Button[] =>
  (blocks ?? []).flatMap((block) =>
    ((block as { elements?: Button[] }).elements ?? []).filter((item) => "value" in item),
  );

async function cardIn(root: string) {
  return waitFor(
    () => thread(root).find((message) => buttonsOf(message.blocks).length > 0),
    "the card with buttons",
  );
}

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

describe("asks and approvals in Slack", () => {
  test("AskUser as buttons: a non-member's click is refused, a member's click answers and the card shows the decision", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Blue it is.")),
    ]);
    const root = "1850000000.000001";
    await harness.fake.postEvent(
      harness.eventsUrl,
      mentionEvent({ eventId: "Ev-ask", channel: "C0ALLOW", text: "<@UBOT> paint", ts: root }),
    );
    const card = await cardIn(root);
    const blue = buttonsOf(card.blocks).find((item) => item.text.text === "Blue") as Button;
    const click = (userId: string) =>
      harness.fake.clickButton(harness.eventsUrl, {
        userId,
        channel: "C0ALLOW",
        messageTs: card.ts,
        value: blue.value,
      });
    expect(await click("UOUTSIDER")).toBe(200);
    await waitFor(
      () => (harness.warnings.some((line) => line.includes("UOUTSIDER is not a member")) ? true : undefined),
      "the refusal",
    );
    expect(card.text).not.toContain("Answered");
    expect(await click("UHUMAN")).toBe(200);
    await waitFor(() => threadShows(root, "Blue it is."), "the answer after the click");
    expect(result).toContain("Blue");
    // The card's chat.update and the streamed answer travel independently (one rate budget, two
    // requests): wait for the card, never assume it changed before the answer finished.
    await waitFor(() => (card.text.startsWith("Answered") ? true : undefined), "the settled card");
    expect(card.text).toContain("Answered by <@UHUMAN>: Color: Blue");
    expect(card.blocks).toEqual([]);
  });

  test("a free-text reply in the thread answers the pending question and starts no run of its own", async () => {
    let result = "";
    harness.script([
      fauxAssistantMessage([fauxToolCall(ASK, question)], { stopReason: "toolUse" }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("Green, noted.")),
    ]);
    const root = "1850000000.000002";
    await harness.fake.postEvent(
      harness.eventsUrl,
      mentionEvent({ eventId: "Ev-ask-text", channel: "C0ALLOW", text: "<@UBOT> paint", ts: root }),
    );
    await cardIn(root);
    await harness.fake.postEvent(
      harness.eventsUrl,
      mentionEvent({
        eventId: "Ev-ask-reply",
        channel: "C0ALLOW",
        text: "<@UBOT> green, please",
        threadTs: root,
      }),
    );
    await waitFor(() => threadShows(root, "Green, noted."), "the answer after the reply");
    expect(result).toContain("green, please");
    expect(harness.faux.getPendingResponseCount()).toBe(0);
  });

  test("an approval denied by button keeps the file unread; one approved lets the call run", async () => {
    const results: string[] = [];
    const readStep = () =>
      fauxAssistantMessage([fauxToolCall("Read", { path: "plan.txt" })], { stopReason: "toolUse" });
    const after = (answer: string) =>
      stepAfter((context) => {
        results.push(lastToolResult(context));
      }, fauxAssistantMessage(answer));
    for (const [root, decision, answer] of [
      ["1850000000.000003", "Deny", "Not read."],
      ["1850000000.000004", "Approve", "Read it."],
    ] as const) {
      harness.script([readStep(), after(answer)]);
      await harness.fake.postEvent(
        harness.eventsUrl,
        mentionEvent({
          eventId: `Ev-${decision}`,
          channel: "C0ALLOW",
          text: "<@UBOT> read the plan",
          ts: root,
        }),
      );
      const card = await cardIn(root);
      const button = buttonsOf(card.blocks).find((item) => item.text.text === decision) as Button;
      await harness.fake.clickButton(harness.eventsUrl, {
        userId: "UHUMAN",
        channel: "C0ALLOW",
        messageTs: card.ts,
        value: button.value,
      });
      await waitFor(() => threadShows(root, answer), `the answer after ${decision}`);
      await waitFor(() => (card.text !== card.versions[0] ? true : undefined), `the card after ${decision}`);
      expect(card.text).toBe(decision === "Deny" ? "Denied by <@UHUMAN>." : "Approved by <@UHUMAN>.");
    }
    expect(results[0]).not.toContain("the secret plan");
    expect(results[1]).toContain("the secret plan");
  });
});
