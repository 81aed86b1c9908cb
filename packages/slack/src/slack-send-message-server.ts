import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  adapterSendIdempotencyKey,
  ChannelError,
  type DeliveryHistory,
  type RateBudget,
  splitMessageText,
} from "@mono-agent/channel-kit";
import type { WebClient } from "@slack/web-api";
import * as z from "zod";
import { markdownToMrkdwn } from "./markdown-to-mrkdwn.js";
import { isSlackChannelAllowed, type SlackAllowlist } from "./slack-allowlist.js";
import { callSlack } from "./slack-api-error.js";
import { parseSlackConversationId, slackConversationId } from "./slack-conversation-id.js";
import { SLACK_MESSAGE_LIMIT } from "./slack-limits.js";

/** The tool's canonical name (policy catalog). */
export const SLACK_SEND_MESSAGE_TOOL_NAME = "SlackSendMessage";

/** Longest text one call accepts, in characters: 10 messages of {@link SLACK_MESSAGE_LIMIT}. */
export const SLACK_SEND_MAX_CHARACTERS = 10 * SLACK_MESSAGE_LIMIT;

/** Options of {@link createSlackSendMessageServer}. */
export interface SlackSendMessageServerOptions {
  /** Server name the tool is served under (`mono-agent-adapter-send`). */
  serverName: string;
  client: WebClient;
  allowlist: SlackAllowlist;
  budget: RateBudget;
  /** Confirmed sends are appended to the destination conversation's history here. */
  deliveryHistory: DeliveryHistory;
  /** The conversation of the run calling the tool: a DM is reachable only from its own conversation. */
  producingConversationId: string;
}

const inputShape = {
  channel: z
    .string()
    .regex(/^[CDG][A-Z0-9]{2,20}$/)
    .describe("Slack channel id, e.g. C0123ABCD (not a #name)."),
  text: z
    .string()
    .min(1)
    .max(SLACK_SEND_MAX_CHARACTERS)
    .describe("The message, in Markdown unless format says otherwise."),
  thread_ts: z
    .string()
    .regex(/^\d{1,12}\.\d{1,8}$/)
    .optional()
    .describe("Reply in this thread (the parent message's ts)."),
  format: z
    .enum(["markdown", "mrkdwn"])
    .optional()
    .describe('"markdown" (default) is converted to Slack mrkdwn; "mrkdwn" is posted as written.'),
  unfurl_links: z.boolean().optional().describe("Show link previews (Slack's default when omitted)."),
  unfurl_media: z.boolean().optional().describe("Show media previews (Slack's default when omitted)."),
};

const DESCRIPTION =
  "Post a message to a Slack channel the agent is allowed to post in (slack.allowedChannelIds). " +
  `Markdown is converted to Slack mrkdwn by default; texts over ${SLACK_MESSAGE_LIMIT} characters are sent as ` +
  "several messages in order. Give thread_ts to reply in a thread. Returns the channel and the ts of each message.";

function refused(text: string) {
  return { isError: true, content: [{ type: "text" as const, text }] };
}

/**
 * A fresh MCP server with SlackSendMessage: posts to allowlisted channels only (any other destination is
 * refused and nothing is posted), Markdown to mrkdwn by default, split at {@link SLACK_MESSAGE_LIMIT},
 * `thread_ts` and `unfurl_links` / `unfurl_media` per call. Each confirmed send is appended once to the
 * destination conversation's history (`slack:<C>:<thread or first ts>`) under the key
 * `adapter-send:slack:<C>:<ts>`. Slack's `ok: false` is an error result with Slack's error code.
 */
export function createSlackSendMessageServer(options: SlackSendMessageServerOptions): McpServer {
  const mcp = new McpServer({ name: options.serverName, version: "1.0.0" });
  const producing = parseSlackConversationId(options.producingConversationId);
  mcp.registerTool(
    SLACK_SEND_MESSAGE_TOOL_NAME,
    { title: "Send a Slack message", description: DESCRIPTION, inputSchema: inputShape },
    async (input) => {
      const ownDm = producing?.channel === input.channel && input.channel.startsWith("D");
      if (
        !ownDm &&
        (input.channel.startsWith("D") || !isSlackChannelAllowed(options.allowlist, input.channel))
      )
        return refused(
          `channel ${input.channel} is not in slack.allowedChannelIds (and allowAllChannels is off); nothing was posted. Post to an allowed channel, or ask the operator to allow this one.`,
        );
      const text = input.format === "mrkdwn" ? input.text : markdownToMrkdwn(input.text);
      const chunks = splitMessageText(text, SLACK_MESSAGE_LIMIT);
      const receipts: string[] = [];
      try {
        for (const chunk of chunks) {
          options.budget.tryTake(input.channel, "priority");
          const posted = await callSlack("chat.postMessage", () =>
            options.client.chat.postMessage({
              channel: input.channel,
              text: chunk,
              mrkdwn: true,
              ...(input.thread_ts ? { thread_ts: input.thread_ts } : {}),
              ...(input.unfurl_links !== undefined ? { unfurl_links: input.unfurl_links } : {}),
              ...(input.unfurl_media !== undefined ? { unfurl_media: input.unfurl_media } : {}),
            }),
          );
          receipts.push(String(posted.ts));
        }
      } catch (error) {
        const code = ChannelError.isInstance(error) ? (error.platformCode ?? error.code) : "request_failed";
        const sent =
          receipts.length > 0
            ? ` ${receipts.length} of ${chunks.length} parts were posted (ts ${receipts.join(", ")}).`
            : " Nothing was posted.";
        return refused(`Slack refused the message: ${code}.${sent}`);
      }
      const first = receipts[0] as string;
      const conversationId = slackConversationId(input.channel, input.thread_ts ?? first);
      let historyRecorded = true;
      try {
        await options.deliveryHistory.append({
          conversationId,
          text: input.text,
          idempotencyKey: adapterSendIdempotencyKey({
            channel: "slack",
            destination: input.channel,
            receipt: first,
          }),
        });
      } catch {
        historyRecorded = false;
      }
      const result = { channel: input.channel, ts: receipts, conversationId, historyRecorded };
      return {
        content: [
          {
            type: "text" as const,
            text: `Posted ${receipts.length} message(s) to ${input.channel} (ts ${receipts.join(", ")}).${historyRecorded ? "" : " The send is not in the destination's history (recording failed)."}`,
          },
        ],
        structuredContent: result,
      };
    },
  );
  return mcp;
}
