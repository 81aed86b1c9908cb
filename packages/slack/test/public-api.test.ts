import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "SLACK_CHANNEL_BUDGET",
        "SLACK_CONVERSATION_ID_FORM",
        "SLACK_MESSAGE_LIMIT",
        "SLACK_MIN_UPDATE_INTERVAL_MS",
        "SLACK_SEND_MESSAGE_TOOL_NAME",
        "composeSlackChannel",
        "createSlackAskChannel",
        "createSlackSendMessageServer",
        "isSlackChannelAllowed",
        "markdownToMrkdwn",
        "parseSlackConversationId",
        "postSlackText",
        "slackConversationId",
        "startSlackChannel",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "SLACK_CHANNEL_BUDGET",
        "SLACK_CONVERSATION_ID_FORM",
        "SLACK_MESSAGE_LIMIT",
        "SLACK_MIN_UPDATE_INTERVAL_MS",
        "SLACK_SEND_MESSAGE_TOOL_NAME",
        "SlackAllowlist",
        "SlackAskAnswerer",
        "SlackAskChannel",
        "SlackChannel",
        "SlackChannelTuning",
        "SlackComposition",
        "SlackCompositionStart",
        "SlackSendMessageServerOptions",
        "StartSlackChannelOptions",
        "composeSlackChannel",
        "createSlackAskChannel",
        "createSlackSendMessageServer",
        "isSlackChannelAllowed",
        "markdownToMrkdwn",
        "parseSlackConversationId",
        "postSlackText",
        "slackConversationId",
        "startSlackChannel",
      ]
    `);
  });
});
