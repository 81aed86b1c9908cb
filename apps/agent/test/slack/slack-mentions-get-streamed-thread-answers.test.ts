import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contextServer, lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import { mentionEvent, type SlackHarness, startSlackHarness, waitFor } from "./slack-kit.js";

let harness: SlackHarness;
beforeAll(async () => {
  harness = await startSlackHarness({
    config: {
      tools: {
        mcpStartupGraceMs: 30_000,
        mcpRequestContextServers: ["ctx"],
        mcpServers: { ctx: contextServer([]) },
      },
    },
  });
});
afterAll(() => harness?.close());

const LONG_ANSWER = Array.from({ length: 30 }, (_, index) => `Point **${index}** of the answer.`).join(" ");

const threadMessages = (threadTs: string) =>
  harness.fake.messages.filter((message) => message.thread_ts === threadTs);

describe("Slack through the app (signed HTTP events, scripted model)", () => {
  test("a mention in an allowlisted channel gets a streamed threaded answer in mrkdwn", async () => {
    harness.script([fauxAssistantMessage(LONG_ANSWER)]);
    const event = mentionEvent({
      eventId: "Ev-stream",
      channel: "C0ALLOW",
      text: "<@UBOT> explain",
      ts: "1800000000.000001",
    });
    expect(await harness.fake.postEvent(harness.eventsUrl, event)).toBe(200);
    const [answer] = await waitFor(() => {
      const found = threadMessages("1800000000.000001");
      return found[0]?.text.replaceAll("\u200b", "").includes("Point *29* of the answer.")
        ? found
        : undefined;
    }, "the streamed answer");
    expect(answer?.channel).toBe("C0ALLOW");
    expect(answer?.versions.length).toBeGreaterThan(1);
    expect(answer?.versions.at(-1)).not.toContain("**");
  });

  test("a mention in a channel outside the allowlist starts no run and gets no answer", async () => {
    const runsBefore = harness.faux.state.callCount;
    const postsBefore = harness.fake.calls.filter((call) => call === "chat.postMessage").length;
    const event = mentionEvent({ eventId: "Ev-elsewhere", channel: "C0NOTLISTED", text: "<@UBOT> hi" });
    expect(await harness.fake.postEvent(harness.eventsUrl, event)).toBe(200);
    // A later allowed mention is answered: by then the refused one would have been too.
    harness.script([fauxAssistantMessage("after")]);
    await harness.fake.postEvent(
      harness.eventsUrl,
      mentionEvent({ eventId: "Ev-after", channel: "C0OTHER", text: "<@UBOT> hi", ts: "1800000000.000009" }),
    );
    await waitFor(
      () => (threadMessages("1800000000.000009")[0]?.text === "after" ? true : undefined),
      "the allowed answer",
    );
    expect(harness.fake.messages.some((message) => message.channel === "C0NOTLISTED")).toBe(false);
    expect(harness.faux.state.callCount).toBe(runsBefore + 1);
    expect(harness.fake.calls.filter((call) => call === "chat.postMessage").length).toBe(postsBefore + 1);
  });

  test("a second mention in the thread continues the conversation; a duplicate event id starts no second run", async () => {
    const root = "1800000000.000100";
    let secondContext = "";
    harness.script([
      fauxAssistantMessage("The code word is heron."),
      (context) => {
        secondContext = JSON.stringify(context.messages);
        return fauxAssistantMessage("You asked before; it is heron.");
      },
    ]);
    const first = mentionEvent({
      eventId: "Ev-first",
      channel: "C0ALLOW",
      text: "<@UBOT> pick a code word",
      ts: root,
    });
    await harness.fake.postEvent(harness.eventsUrl, first);
    await waitFor(
      () => (threadMessages(root)[0]?.text === "The code word is heron." ? true : undefined),
      "the first answer",
    );
    const calls = harness.faux.state.callCount;
    expect(await harness.fake.postEvent(harness.eventsUrl, first, { retryNum: 1 })).toBe(200);
    const second = mentionEvent({
      eventId: "Ev-second",
      channel: "C0ALLOW",
      text: "<@UBOT> what was it?",
      threadTs: root,
    });
    await harness.fake.postEvent(harness.eventsUrl, second);
    await waitFor(() => (threadMessages(root).length === 2 ? true : undefined), "the second answer");
    expect(secondContext).toContain("pick a code word");
    expect(secondContext).toContain("The code word is heron.");
    expect(harness.faux.state.callCount).toBe(calls + 1);
    expect(threadMessages(root).map((message) => message.text)).toEqual([
      "The code word is heron.",
      "You asked before; it is heron.",
    ]);
  });

  test("a file attached to the mention reaches the request-context server as this run's attachment", async () => {
    const url = harness.fake.addFile("notes.txt", new TextEncoder().encode("quarterly numbers: 42"));
    let seen = "";
    harness.script([
      fauxAssistantMessage(fauxToolCall("mcp__ctx__attachments", {}), { stopReason: "toolUse" }),
      stepAfter((context) => {
        seen = lastToolResult(context);
      }, fauxAssistantMessage("read it")),
    ]);
    const root = "1800000000.000200";
    const event = mentionEvent({
      eventId: "Ev-file",
      channel: "C0ALLOW",
      text: "<@UBOT> read my notes",
      ts: root,
      files: [{ name: "notes.txt", url_private_download: url }],
    });
    await harness.fake.postEvent(harness.eventsUrl, event);
    await waitFor(() => (threadMessages(root)[0]?.text === "read it" ? true : undefined), "the answer");
    expect(seen).toContain("quarterly numbers: 42");
    expect(harness.fake.fileFetches.at(-1)).toBe(`Bearer ${harness.fake.botToken}`);
  });

  test("a request with a bad signature is refused and starts nothing", async () => {
    const calls = harness.faux.state.callCount;
    const status = await harness.fake.postEvent(
      harness.eventsUrl,
      mentionEvent({ eventId: "Ev-forged", channel: "C0ALLOW", text: "<@UBOT> forged" }),
      { signingSecret: "not-the-secret" },
    );
    expect(status).toBe(401);
    expect(harness.faux.state.callCount).toBe(calls);
  });
});
