import { conversationChannel, rolloverBucketAt, rolloverBucketOf, withRolloverBucket } from "@mono-agent/ids";

/** Channels whose conversation ids never get a rollover bucket: web console threads (reference §1.3). */
export const ROLLOVER_EXEMPT_CHANNELS: readonly string[] = ["web"];

/** The session settings the rollover reads (`runtime.session`). */
export interface RolloverSettings {
  rollover: "none" | "daily";
  /** IANA zone of the day boundary; default the host zone. */
  rolloverTimezone?: string | undefined;
}

/** The host's own IANA time zone, as Intl resolves it (TZ, else the system zone). */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The physical conversation id of a request that starts at `startedAt`: with `rollover: "daily"`, the
 * logical id plus `#YYYY-MM-DD` of that instant in `rolloverTimezone` (else `defaultTimeZone`, else the host zone). Unchanged
 * with `none`, for web console threads, for an id that already names its bucket (the caller chose the
 * physical conversation: a delivery into a given day, a replay), and for ids without a channel (they fail
 * validation later, as they would without rollover). Every channel calls it through the app's
 * run path, so the stores, run records, SessionHistory and request-context env see one id.
 */
export function rolloverConversationId(
  conversationId: string,
  settings: RolloverSettings,
  startedAt: Date,
  defaultTimeZone?: string,
): string {
  if (settings.rollover !== "daily") return conversationId;
  const channel = conversationChannel(conversationId);
  if (channel === undefined || ROLLOVER_EXEMPT_CHANNELS.includes(channel)) return conversationId;
  if (rolloverBucketOf(conversationId) !== undefined) return conversationId;
  return withRolloverBucket(
    conversationId,
    // The host zone is looked up only here: Intl's first use costs tens of ms on every run otherwise.
    rolloverBucketAt(startedAt, settings.rolloverTimezone ?? defaultTimeZone ?? hostTimeZone()),
  );
}
