import { splitMessageText } from "@mono-agent/channel-kit";
import { markdownToMrkdwn } from "./markdown-to-mrkdwn.js";
import { callSlack } from "./slack-api-error.js";
import { SLACK_MESSAGE_LIMIT } from "./slack-limits.js";
import type { SlackChannel } from "./start-slack-channel.js";

/**
 * Posts a Markdown text (a delivered continuation, a notice) into a channel or thread as priority sends:
 * mrkdwn, split at {@link SLACK_MESSAGE_LIMIT}, one message after the other. Resolves to the messages' ts;
 * throws a `platform_error` ChannelError with Slack's code when a post is refused.
 */
export async function postSlackText(
  slack: Pick<SlackChannel, "client" | "budget">,
  target: { channel: string; threadTs?: string },
  markdown: string,
): Promise<string[]> {
  const receipts: string[] = [];
  for (const chunk of splitMessageText(markdownToMrkdwn(markdown), SLACK_MESSAGE_LIMIT)) {
    slack.budget.tryTake(target.channel, "priority");
    const posted = await callSlack("chat.postMessage", () =>
      slack.client.chat.postMessage({
        channel: target.channel,
        text: chunk,
        mrkdwn: true,
        ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
      }),
    );
    receipts.push(String(posted.ts));
  }
  return receipts;
}
