/** Longest text of one Slack message the channel posts, in characters (issue #19: split at 3,800; Slack truncates past 4,000). */
export const SLACK_MESSAGE_LIMIT = 3_800;

/**
 * Least time between two edits of a streamed answer, in ms: Slack's chat.update is Tier 3 (about 50 a
 * minute per workspace) and chat.postMessage about 1 a second per channel; one edit a second stays inside both.
 */
export const SLACK_MIN_UPDATE_INTERVAL_MS = 1_000;

/**
 * Sends per channel per minute the channel makes, and of them the ones kept for asks, approvals, final
 * answers and continuation deliveries: 50 a minute is chat.update's Tier 3; 10 kept back leaves room for
 * a burst of priority sends while answers stream.
 */
export const SLACK_CHANNEL_BUDGET = { capacity: 50, reserved: 10, windowMs: 60_000 } as const;

/** Characters of a tool status line ("Using Read…"): a compact line, not a transcript. */
export const SLACK_STATUS_MAX_CHARACTERS = 120;
