import { ChannelError } from "./channel-error.js";

/** One confirmed platform send: where it went and the platform's receipt (Slack `ts`, Telegram message id). */
export interface PlatformReceipt {
  /** `slack` or `telegram`: the conversation id prefix. */
  channel: string;
  /** Slack channel id (`C0123`) or Telegram chat id. */
  destination: string;
  /** Slack message `ts` or Telegram `message_id`. */
  receipt: string;
}

/** Key form the delivery history accepts (reference §3.2). */
export const IDEMPOTENCY_KEY_FORM = "adapter-send:<channel>:<destination>:<receipt>";

const KEY_PATTERN = /^adapter-send:(slack|telegram):([^:\s]+):([^:\s]+)$/;

/**
 * The delivery-history idempotency key of a confirmed send: `adapter-send:slack:<channel>:<ts>` or
 * `adapter-send:telegram:<chat>:<messageId>` (reference §3.2). The same receipt always gives the same
 * key, so a retried append records the send once.
 */
export function adapterSendIdempotencyKey(receipt: PlatformReceipt): string {
  const key = `adapter-send:${receipt.channel}:${receipt.destination}:${receipt.receipt}`;
  if (!KEY_PATTERN.test(key))
    throw new ChannelError(
      "invalid_idempotency_key",
      `"${key}" is not a delivery-history key; expected ${IDEMPOTENCY_KEY_FORM}`,
    );
  return key;
}

/** The receipt behind a key of {@link adapterSendIdempotencyKey}; throws `invalid_idempotency_key` for any other text. */
export function parseAdapterSendIdempotencyKey(key: string): PlatformReceipt {
  const match = KEY_PATTERN.exec(key);
  if (!match)
    throw new ChannelError(
      "invalid_idempotency_key",
      `"${key.slice(0, 80)}" is not a delivery-history key; expected ${IDEMPOTENCY_KEY_FORM}`,
    );
  return { channel: match[1] as string, destination: match[2] as string, receipt: match[3] as string };
}

/** One confirmed send to record in the destination conversation's history. */
export interface DeliveryHistoryEntry {
  /** The destination conversation (`slack:C0123:1712.0001`, `telegram:42`). */
  conversationId: string;
  /** The text that was sent, as the history keeps it. */
  text: string;
  /** {@link adapterSendIdempotencyKey} of the receipt. */
  idempotencyKey: string;
}

/**
 * The delivery-history port a host implements: appends a confirmed send to the destination's
 * conversation once per idempotency key (`recorded` the first time, `already_recorded` after).
 */
export interface DeliveryHistory {
  append(entry: DeliveryHistoryEntry): Promise<"recorded" | "already_recorded">;
}
