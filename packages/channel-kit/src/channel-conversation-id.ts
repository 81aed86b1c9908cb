import { rolloverBucketAt, withRolloverBucket } from "@mono-agent/ids";

/** `runtime.session` as a channel needs it to name the conversation of an inbound message. */
export interface ChannelSessionOptions {
  /** `daily` appends the `#YYYY-MM-DD` bucket of the message's arrival. */
  rollover: "none" | "daily";
  /** IANA zone of the daily rollover; the host's zone when omitted. */
  rolloverTimezone?: string;
}

/**
 * The physical conversation id of a message that arrived at `now` in the logical conversation
 * `logicalId` (`slack:C0123:1712.0001`, `telegram:42`): the logical id, with `rollover: "daily"` plus the
 * bucket of `now` in the rollover zone (the rules of `@mono-agent/ids`).
 */
export function channelConversationId(logicalId: string, session: ChannelSessionOptions, now: Date): string {
  if (session.rollover !== "daily") return logicalId;
  const zone = session.rolloverTimezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  return withRolloverBucket(logicalId, rolloverBucketAt(now, zone));
}
