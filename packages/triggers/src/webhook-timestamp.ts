/**
 * How far a signed webhook timestamp may be from the server's clock, in ms: 5 minutes, the tolerance
 * of Stripe's and Standard Webhooks' signed timestamps (room for clock skew and a slow delivery; a call
 * captured earlier than that is refused as stale).
 */
export const WEBHOOK_TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;

/** Unix seconds, 1 to 12 digits: what senders put in a timestamp header. */
const UNIX_SECONDS = /^[0-9]{1,12}$/;

/** A signed call's timestamp, or why its header is refused. */
export type WebhookTimestamp = { timestamp: string; at: Date } | { problem: string };

/**
 * The timestamp of header `header` (value `value`): unix seconds within
 * {@link WEBHOOK_TIMESTAMP_TOLERANCE_MS} of `now`. A missing, malformed, stale or future value is a
 * problem that names the accepted form.
 */
export function webhookTimestamp(
  header: string,
  value: string | null | undefined,
  now: Date,
): WebhookTimestamp {
  const timestamp = value?.trim() ?? "";
  if (!UNIX_SECONDS.test(timestamp))
    return {
      problem: `send "${header}: <unix seconds>" and sign "<that timestamp>.<body>"; the header is ${value == null ? "missing" : "not unix seconds"}`,
    };
  const at = new Date(Number(timestamp) * 1000);
  const skewMs = Math.abs(at.getTime() - now.getTime());
  if (skewMs > WEBHOOK_TIMESTAMP_TOLERANCE_MS)
    return {
      problem: `the ${header} timestamp is ${Math.round(skewMs / 1000)} s from the server's clock; at most ${WEBHOOK_TIMESTAMP_TOLERANCE_MS / 1000} s is accepted (sign each delivery when it is sent)`,
    };
  return { timestamp, at };
}
