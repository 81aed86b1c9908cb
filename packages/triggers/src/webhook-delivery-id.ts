/**
 * Longest delivery id accepted, in characters: GitHub's and GitLab's are 36-character UUIDs, Standard
 * Webhooks' `msg_` ids about 30; 200 leaves room for any sender and keeps the key small.
 */
export const WEBHOOK_DELIVERY_ID_MAX_CHARS = 200;

/** Printable ASCII without spaces: what senders use for ids, and safe to log and store. */
const DELIVERY_ID_PATTERN = /^[\x21-\x7e]+$/;

/** The delivery id of one call, or why the header carrying it is refused. */
export type WebhookDeliveryId =
  | { header: string; deliveryId: string }
  | { header: string; problem: string }
  | undefined;

/**
 * The call's delivery id: the value of the first header of `headerNames` that is present (trimmed).
 * Undefined when none is; a problem for an empty, over-long or non-printable value (a sender that names
 * its delivery must name it so it can be matched).
 */
export function webhookDeliveryId(
  headers: { get(name: string): string | null },
  headerNames: readonly string[],
): WebhookDeliveryId {
  for (const header of headerNames) {
    const value = headers.get(header);
    if (value === null) continue;
    const deliveryId = value.trim();
    if (deliveryId.length > WEBHOOK_DELIVERY_ID_MAX_CHARS || !DELIVERY_ID_PATTERN.test(deliveryId))
      return {
        header,
        problem: `the ${header} header must be a delivery id of 1 to ${WEBHOOK_DELIVERY_ID_MAX_CHARS} printable ASCII characters without spaces`,
      };
    return { header, deliveryId };
  }
  return undefined;
}
