import { afterAll, beforeAll, expect, test } from "vitest";
import { type FakeSlack, mentionEvent, startFakeSlack } from "../../../../packages/slack/test/fake-slack.js";
import { waitFor } from "../fixtures/continuations/continuation-kit.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

let fake: FakeSlack;
let serve: ServeProcess | undefined;
beforeAll(async () => {
  fake = await startFakeSlack();
});
afterAll(async () => {
  await serve?.stop();
  await fake?.close();
});

test("serve joins Slack (HTTP events), answers a mention in its thread with the demo model, and stops cleanly", async () => {
  const dir = makeWebAgentFolder("http://127.0.0.1:9/v1", {
    runtime: { model: "demo:demo" },
    slack: {
      mode: "http",
      botToken: { $env: "SLACK_BOT_TOKEN" },
      signingSecret: { $env: "SLACK_SIGNING_SECRET" },
      http: { port: 0 },
      allowedChannelIds: ["C0ALLOW"],
      apiUrl: fake.apiUrl,
    },
  });
  serve = await startServe(dir, {
    env: {
      MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN,
      SLACK_BOT_TOKEN: fake.botToken,
      SLACK_SIGNING_SECRET: fake.signingSecret,
    },
  });
  const port = /Slack: HTTP events on 127\.0\.0\.1:(\d+)\/slack\/events, as <@UBOT>/.exec(
    serve.stdout(),
  )?.[1];
  expect(port).toBeDefined();
  const root = "1830000000.000001";
  const status = await fake.postEvent(
    `http://127.0.0.1:${port}/slack/events`,
    mentionEvent({ eventId: "Ev-serve", channel: "C0ALLOW", text: "<@UBOT> hello", ts: root }),
  );
  expect(status).toBe(200);
  const answer = await waitFor(
    () => fake.messages.find((message) => message.thread_ts === root && message.text.length > 0),
    "the demo model's answer in the thread",
  );
  expect(answer.channel).toBe("C0ALLOW");
  const code = await serve.stop();
  serve = undefined;
  expect(code).toBe(0);
}, 90_000);
