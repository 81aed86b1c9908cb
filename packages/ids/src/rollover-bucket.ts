/** The `#YYYY-MM-DD` daily rollover bucket a conversation id may end with (reference §3.4). */
export const ROLLOVER_BUCKET_PATTERN = /#(\d{4}-\d{2}-\d{2})$/;

/** The `YYYY-MM-DD` rollover bucket of a conversation id (`telegram:42#2026-07-12` → `2026-07-12`), if any. */
export function rolloverBucketOf(conversationId: string): string | undefined {
  return ROLLOVER_BUCKET_PATTERN.exec(conversationId)?.[1];
}

/**
 * The logical conversation behind a daily rollover bucket (`telegram:42#2026-07-12` → `telegram:42`):
 * history scopes merge every bucket of one logical conversation (seed page, RunHistory).
 */
export function logicalConversationId(conversationId: string): string {
  return conversationId.replace(ROLLOVER_BUCKET_PATTERN, "");
}

/** `YYYY-MM-DD` of `instant` in the IANA `timeZone` (throws RangeError for an unknown zone, as Intl does). */
export function rolloverBucketAt(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: "year" | "month" | "day") => parts.find((entry) => entry.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The physical conversation id of `bucket`: the logical id with `#YYYY-MM-DD` (any old bucket replaced). */
export function withRolloverBucket(conversationId: string, bucket: string): string {
  return `${logicalConversationId(conversationId)}#${bucket}`;
}
