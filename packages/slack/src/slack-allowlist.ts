/** The destination boundary of the Slack channel: `slack.allowedChannelIds` / `allowAllChannels` / DMs. */
export interface SlackAllowlist {
  allowedChannelIds: readonly string[];
  allowAllChannels: boolean;
  allowDirectMessages: boolean;
}

/** Whether the agent may answer in, or post to, `channel` (`D…` ids are direct messages). */
export function isSlackChannelAllowed(allowlist: SlackAllowlist, channel: string): boolean {
  if (channel.startsWith("D")) return allowlist.allowDirectMessages;
  return allowlist.allowAllChannels || allowlist.allowedChannelIds.includes(channel);
}
