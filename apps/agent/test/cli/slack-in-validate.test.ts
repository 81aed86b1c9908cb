import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../../packages/slack/test/fake-slack.js";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliAsync } from "./run-cli-async.js";

let fake: FakeSlack;
beforeAll(async () => {
  fake = await startFakeSlack();
});
afterAll(() => fake?.close());

const slackConfig = () => ({
  slack: {
    botToken: { $env: "SLACK_BOT_TOKEN" },
    appToken: { $env: "SLACK_APP_TOKEN" },
    allowedChannelIds: ["C0ALLOW"],
    apiUrl: fake.apiUrl,
  },
});

type Report = {
  ok: boolean;
  sections: { id: string; status: string; lines: { status: string; message: string }[] }[];
};
const slackOf = (stdout: string) =>
  (JSON.parse(stdout) as Report).sections.find((entry) => entry.id === "slack");

describe("validate's Slack section", () => {
  test("unset secrets are errors naming the variable, and say the send tools are not offered", async () => {
    const dir = makeAgentFolder(slackConfig());
    const result = await runCliAsync(["validate", "--json"], { cwd: dir });
    expect(result.exitCode).toBe(1);
    const slack = slackOf(result.stdout);
    expect(slack?.status).toBe("error");
    const text = slack?.lines.map((line) => line.message).join("\n");
    expect(text).toContain("slack.botToken reads SLACK_BOT_TOKEN, which is not set");
    expect(text).toContain("SlackSendMessage and AskUser are not offered");
  });

  test("with --connect: mode, allowlist, the tool, and auth.test with the token's scopes", async () => {
    const dir = makeAgentFolder(slackConfig());
    const result = await runCliAsync(["validate", "--json", "--connect"], {
      cwd: dir,
      env: { SLACK_BOT_TOKEN: fake.botToken, SLACK_APP_TOKEN: "xapp-fake-app-token" },
    });
    const slack = slackOf(result.stdout);
    expect(slack?.status).toBe("ok");
    const text = slack?.lines.map((line) => line.message).join("\n");
    expect(text).toContain("Mode: Socket Mode");
    expect(text).toContain("Answers and posts in: C0ALLOW");
    expect(text).toContain("SlackSendMessage: offered");
    expect(text).toContain("auth.test: the token works");
    expect(text).toContain("granted");
  });
});
