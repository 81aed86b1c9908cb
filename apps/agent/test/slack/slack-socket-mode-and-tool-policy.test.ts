import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { offeredTools } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mentionEvent, type SlackHarness, startSlackHarness, waitFor } from "./slack-kit.js";

let harness: SlackHarness;
beforeAll(async () => {
  harness = await startSlackHarness({
    config: { tools: { allowedTools: ["Read"] } },
    slack: {
      mode: "socket",
      appToken: { $env: "SLACK_APP_TOKEN" },
      signingSecret: undefined,
      http: undefined,
    },
  });
  await harness.fake.socketConnected();
});
afterAll(() => harness?.close());

describe('Slack in Socket Mode under allowedTools: ["Read"]', () => {
  test("a mention over the Socket Mode connection is acked and answered in its thread; no send tool or AskUser is offered", async () => {
    let offered: string[] = [];
    harness.script([
      (context) => {
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage("over the socket");
      },
    ]);
    const root = "1820000000.000001";
    await harness.fake.sendSocketEvent(
      mentionEvent({ eventId: "Ev-socket", channel: "C0ALLOW", text: "<@UBOT> hi", ts: root }),
    );
    await waitFor(
      () =>
        harness.fake.messages.find((message) => message.thread_ts === root)?.text === "over the socket"
          ? true
          : undefined,
      "the answer",
    );
    expect(offered).toContain("Read");
    expect(offered.some((name) => /SlackSendMessage|AskUser/.test(name))).toBe(false);
  });
});
