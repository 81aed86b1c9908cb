import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { conversationStoreFile, createConversationStore } from "../../src/index.js";
import { lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import { mentionEvent, type SlackHarness, startSlackHarness, waitFor } from "./slack-kit.js";

const SEND = "mcp__mono-agent-adapter-send__SlackSendMessage";

let harness: SlackHarness;
beforeAll(async () => {
  harness = await startSlackHarness({ config: { tools: { mcpStartupGraceMs: 30_000 } } });
});
afterAll(() => harness?.close());

const threadMessages = (threadTs: string) =>
  harness.fake.messages.filter((message) => message.thread_ts === threadTs);

async function mentionAndWait(eventId: string, root: string, finalText: string) {
  await harness.fake.postEvent(
    harness.eventsUrl,
    mentionEvent({ eventId, channel: "C0ALLOW", text: "<@UBOT> go", ts: root }),
  );
  await waitFor(
    () => (threadMessages(root).at(-1)?.text === finalText ? true : undefined),
    `the answer "${finalText}"`,
  );
}

describe("SlackSendMessage", () => {
  test("posts to an allowlisted channel once, even when Slack answers 429 first, and the destination's history has it once", async () => {
    let result = "";
    harness.script([
      stepAfter(
        () => harness.fake.rateLimitNext("chat.postMessage", 1),
        fauxAssistantMessage(
          [fauxToolCall(SEND, { channel: "C0OTHER", text: "**Release** is out", unfurl_links: false })],
          { stopReason: "toolUse" },
        ),
      ),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("sent")),
    ]);
    await mentionAndWait("Ev-send", "1810000000.000001", "sent");
    const posted = harness.fake.messages.filter((message) => message.channel === "C0OTHER");
    expect(posted).toHaveLength(1);
    const sendCalls = harness.fake.calls.filter((call) => call === "chat.postMessage");
    expect(sendCalls.length).toBeGreaterThanOrEqual(3); // the 429, its retry, the answer
    expect(posted[0]?.text.replaceAll("\u200b", "")).toBe("*Release* is out");
    expect(posted[0]?.unfurl_links).toBe(false);
    expect(result).toContain(`Posted 1 message(s) to C0OTHER (ts ${posted[0]?.ts})`);
    const destination = `slack:C0OTHER:${posted[0]?.ts}`;
    const key = `adapter-send:slack:C0OTHER:${posted[0]?.ts}`;
    expect(
      await harness.app.recordDelivery({
        conversationId: destination,
        text: "**Release** is out",
        idempotencyKey: key,
      }),
    ).toBe("already_recorded");
    const store = createConversationStore({ file: conversationStoreFile(harness.app.loaded) });
    try {
      const history = await store.loadMessages(destination);
      expect(history.map((message) => message.role)).toEqual(["user", "assistant"]);
      expect(JSON.stringify(history[1])).toContain("**Release** is out");
    } finally {
      await store.close();
    }
  });

  test("a channel outside the allowlist is refused and nothing is posted", async () => {
    let result = "";
    const postsBefore = harness.fake.messages.length;
    harness.script([
      fauxAssistantMessage([fauxToolCall(SEND, { channel: "C0SECRET", text: "leak" })], {
        stopReason: "toolUse",
      }),
      stepAfter((context) => {
        result = lastToolResult(context);
      }, fauxAssistantMessage("refused")),
    ]);
    await mentionAndWait("Ev-refused", "1810000000.000002", "refused");
    expect(result).toContain("C0SECRET is not in slack.allowedChannelIds");
    expect(harness.fake.messages.slice(postsBefore).map((message) => message.channel)).toEqual(["C0ALLOW"]);
  });

  test("429 with Retry-After on every third call: a long streamed answer still arrives complete and in order", async () => {
    const paragraphs = Array.from(
      { length: 60 },
      (_, index) => `Paragraph ${index}: ${"lorem ipsum ".repeat(5).trim()}.`,
    );
    const answer = paragraphs.join("\n");
    harness.fake.rateLimitEvery = 3;
    harness.fake.retryAfterSeconds = 1;
    try {
      harness.script([fauxAssistantMessage(answer)]);
      const root = "1810000000.000003";
      await harness.fake.postEvent(
        harness.eventsUrl,
        mentionEvent({ eventId: "Ev-429", channel: "C0ALLOW", text: "<@UBOT> long", ts: root }),
      );
      await waitFor(() => {
        const joined = threadMessages(root)
          .map((message) => message.text)
          .join("\n");
        return joined === answer ? true : undefined;
      }, "the whole answer");
      const parts = threadMessages(root);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.every((message) => message.text.length <= 3_800)).toBe(true);
      expect(
        harness.fake.calls.filter((call) => call === "chat.postMessage" || call === "chat.update").length,
      ).toBeGreaterThan(parts.length);
    } finally {
      harness.fake.rateLimitEvery = 0;
    }
  });
});
