/** Conversation id forms of Slack (reference §8): a channel or DM (`slack:<C>`), a thread (`slack:<C>:<ts>`). */
export const SLACK_CONVERSATION_ID_FORM = "slack:<channel> or slack:<channel>:<thread ts>";

const SLACK_CONVERSATION_PATTERN =
  /^slack:([CDG][A-Z0-9]{2,20})(?::(\d{1,12}\.\d{1,8}))?(?:#\d{4}-\d{2}-\d{2})?$/;

/** `slack:<channel>:<threadTs>`, or `slack:<channel>` without a thread. */
export function slackConversationId(channel: string, threadTs?: string): string {
  return threadTs === undefined ? `slack:${channel}` : `slack:${channel}:${threadTs}`;
}

/** The channel and thread of a Slack conversation id (a rollover bucket is ignored), or undefined. */
export function parseSlackConversationId(
  conversationId: string,
): { channel: string; threadTs?: string } | undefined {
  const match = SLACK_CONVERSATION_PATTERN.exec(conversationId);
  if (!match) return undefined;
  return match[2] === undefined
    ? { channel: match[1] as string }
    : { channel: match[1] as string, threadTs: match[2] };
}
