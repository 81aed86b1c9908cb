import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CONTINUATION_SERVER, call, freePort, readJson } from "../fixtures/continuations/continuation-kit.js";
import { mentionEvent, type SlackHarness, startSlackHarness, waitFor } from "./slack-kit.js";

let harness: SlackHarness;
let report: string;
beforeAll(async () => {
  report = join((await import("node:os")).tmpdir(), `slack-claim-${process.pid}-${Date.now()}.json`);
  harness = await startSlackHarness({
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

test("a continuation claimed during a Slack run is delivered into that thread exactly once", async () => {
  const root = "1840000000.000001";
  harness.script([
    fauxAssistantMessage(fauxToolCall("mcp__jobs__start_task", { taskKey: "t1", checks: false }), {
      stopReason: "toolUse",
    }),
    fauxAssistantMessage("Started; I will post the result here."),
    fauxAssistantMessage("Your task finished: **42** items were processed."),
  ]);
  await harness.fake.postEvent(
    harness.eventsUrl,
    mentionEvent({ eventId: "Ev-job", channel: "C0ALLOW", text: "<@UBOT> start the job", ts: root }),
  );
  const thread = () => harness.fake.messages.filter((message) => message.thread_ts === root);
  await waitFor(
    () => (thread()[0]?.text === "Started; I will post the result here." ? true : undefined),
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
  expect(delivered.receipt).toMatchObject({ channel: "slack", historyRecorded: true });
  const texts = thread().map((message) => message.text.replaceAll("\u200b", ""));
  expect(texts).toEqual([
    "Started; I will post the result here.",
    "Your task finished: *42* items were processed.",
  ]);
});
