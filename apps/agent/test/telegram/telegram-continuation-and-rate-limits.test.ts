import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CONTINUATION_SERVER, call, freePort, readJson } from "../fixtures/continuations/continuation-kit.js";
import { PRIVATE_CHAT, startTelegramHarness, type TelegramHarness, waitFor } from "./telegram-kit.js";

let harness: TelegramHarness;
let report: string;
beforeAll(async () => {
  report = join((await import("node:os")).tmpdir(), `telegram-claim-${process.pid}-${Date.now()}.json`);
  harness = await startTelegramHarness({
    config: {
      continuations: { port: await freePort() },
      tools: {
        mcpStartupGraceMs: 30_000,
        continuationServers: ["jobs"],
        mcpServers: {
          jobs: { command: process.execPath, args: [CONTINUATION_SERVER, `--report=${report}`] },
        },
      },
    },
  });
});
afterAll(() => harness?.close());

const texts = () => harness.fake.chat(PRIVATE_CHAT).map((message) => message.text);

describe("Telegram deliveries", () => {
  test("a continuation claimed during a Telegram run is delivered into that chat exactly once", async () => {
    harness.script([
      fauxAssistantMessage(fauxToolCall("mcp__jobs__start_task", { taskKey: "t1", checks: false }), {
        stopReason: "toolUse",
      }),
      fauxAssistantMessage("Started; I will post the result here."),
      fauxAssistantMessage("Your task finished: **42** items were processed."),
    ]);
    harness.say(PRIVATE_CHAT, "start the job");
    await waitFor(
      () => (texts().at(-1) === "Started; I will post the result here." ? true : undefined),
      "the first answer",
    );
    const claim = await waitFor(
      () => readJson<{ first: { body: { statusUrl: string; token: string } } }>(report),
      "the claim",
    );
    writeFileSync(`${report}.go`, "");
    const { statusUrl, token } = claim.first.body;
    const delivered = await waitFor(async () => {
      const status = await call(statusUrl, { method: "GET", token });
      return status.body.state === "delivered" ? status.body : undefined;
    }, "delivery");
    expect(delivered.receipt).toMatchObject({ channel: "telegram", historyRecorded: true });
    expect(texts()).toEqual([
      "Started; I will post the result here.",
      "Your task finished: <b>42</b> items were processed.",
    ]);
    harness.fake.messages.splice(0);
  });

  test("429 with retry_after on every third call: a long streamed answer still arrives complete and in order", async () => {
    const paragraphs = Array.from(
      { length: 70 },
      (_, index) => `Paragraph ${index}: ${"lorem ipsum ".repeat(5).trim()}.`,
    );
    const answer = paragraphs.join("\n\n");
    harness.fake.state.rateLimitEvery = 3;
    harness.fake.state.retryAfterSeconds = 1;
    const callsBefore = harness.fake.calls.length;
    try {
      harness.script([fauxAssistantMessage(answer)]);
      harness.say(PRIVATE_CHAT, "long");
      await waitFor(() => (texts().join("\n\n") === answer ? true : undefined), "the whole answer");
      const parts = harness.fake.chat(PRIVATE_CHAT);
      expect(parts.length).toBeGreaterThan(1);
      expect(parts.every((message) => message.text.length <= 4096)).toBe(true);
      const sends = harness.fake.calls.slice(callsBefore).filter((method) => method !== "getUpdates");
      expect(sends.length).toBeGreaterThanOrEqual(3);
      expect(harness.fake.state.rateLimited).toBeGreaterThan(0);
    } finally {
      harness.fake.state.rateLimitEvery = 0;
    }
  }, 90_000);
});
