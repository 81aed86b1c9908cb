import { type ChannelRunEvent, createRateBudget } from "@mono-agent/channel-kit";
import { WebClient } from "@slack/web-api";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { silentLogger } from "../src/silent-logger.js";
import { SLACK_CHANNEL_BUDGET } from "../src/slack-limits.js";
import { createSlackStreamReply, type SlackStreamSupport } from "../src/slack-stream-reply.js";
import { type FakeSlack, startFakeSlack } from "./fake-slack.js";

let fake: FakeSlack;
let client: WebClient;
beforeAll(async () => {
  fake = await startFakeSlack();
  client = new WebClient(fake.botToken, {
    slackApiUrl: fake.apiUrl,
    logger: silentLogger(),
    retryConfig: { retries: 6, factor: 1, minTimeout: 0, maxTimeout: 20 },
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.streaming = true;
  fake.rateLimitEvery = 0;
});

const THREAD = "1860000000.000001";
const delta = (text: string): ChannelRunEvent => ({ type: "text_delta", text }) as ChannelRunEvent;

function reply(support: SlackStreamSupport, statuses: string[] = []) {
  return createSlackStreamReply({
    client,
    destination: { channel: "D0DM", threadTs: THREAD },
    budget: createRateBudget(SLACK_CHANNEL_BUDGET),
    minUpdateIntervalMs: 10,
    setStatus: async (status) => void statuses.push(status),
    support,
  });
}
const inThread = (from: number) =>
  fake.messages.slice(from).filter((message) => message.thread_ts === THREAD);

describe("an assistant thread's answer", () => {
  test("streams with chat.startStream, appendStream and stopStream: one message, Markdown as sent, in order", async () => {
    const before = fake.messages.length;
    const calls = fake.calls.length;
    const statuses: string[] = [];
    const answer = reply({ available: true }, statuses);
    const parts = ["**Paris** is ", "the capital ", "of France", ".\n\n- a list item"];
    answer.onEvent({ type: "tool_started", name: "mcp__geo__lookup" } as ChannelRunEvent);
    for (const part of parts) answer.onEvent(delta(part));
    await answer.settled({ runId: "r1", status: "succeeded", finalText: parts.join("") });
    const [message, ...others] = inThread(before);
    expect(others).toEqual([]);
    expect(message?.streaming).toBe("stopped");
    expect(message?.text).toBe(parts.join(""));
    expect(fake.calls.slice(calls).filter((method) => method.startsWith("chat."))).toEqual([
      "chat.startStream",
      ...fake.calls.slice(calls).filter((method) => method === "chat.appendStream"),
      "chat.stopStream",
    ]);
    expect(statuses).toEqual(["Using geo · lookup…"]);
  });

  test("a failed run's note follows the streamed text; 429s on every third call lose nothing", async () => {
    fake.rateLimitEvery = 3;
    const before = fake.messages.length;
    const answer = reply({ available: true });
    const parts = Array.from({ length: 12 }, (_, index) => `part ${index}. `);
    for (const part of parts) {
      answer.onEvent(delta(part));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await answer.settled({
      runId: "r2",
      status: "failed",
      finalText: parts.join(""),
      error: { kind: "model", message: "the model stopped" },
    });
    const [message] = inThread(before);
    expect(message?.text).toBe(`${parts.join("")}\n\n_The run failed: the model stopped._`);
  });

  test("a workspace without streaming falls back to a post edited at a bounded rate, and later replies go straight there", async () => {
    fake.streaming = false;
    const support = { available: true };
    const before = fake.messages.length;
    const calls = fake.calls.length;
    const first = reply(support);
    first.onEvent(delta("Hello "));
    first.onEvent(delta("there."));
    await first.settled({ runId: "r3", status: "succeeded", finalText: "Hello there." });
    expect(support.available).toBe(false);
    expect(inThread(before).map((message) => message.text)).toEqual(["Hello there."]);
    expect(fake.calls.slice(calls).filter((method) => method === "chat.startStream")).toHaveLength(1);
    const second = reply(support);
    second.onEvent(delta("Again."));
    await second.settled({ runId: "r4", status: "succeeded", finalText: "Again." });
    expect(fake.calls.slice(calls).filter((method) => method === "chat.startStream")).toHaveLength(1);
    expect(inThread(before).map((message) => message.text)).toEqual(["Hello there.", "Again."]);
  });
});
