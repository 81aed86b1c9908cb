/**
 * How long a webhook delivery id is remembered, in ms: 3 days. Stripe retries an unacknowledged event for
 * up to 3 days, GitHub lets a delivery be redelivered for 3 days, and the Standard Webhooks retry schedule
 * ends after about 28 hours: a retry inside any of them is recognised.
 */
export const WEBHOOK_DELIVERY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Most delivery ids remembered per webhook trigger (the oldest go first): 100,000, about 2.3 days at the
 * webhook server's sustained rate limit of 30 runs a minute, and some 20 MB of SQLite at most.
 */
export const WEBHOOK_DELIVERIES_PER_TRIGGER_MAX = 100_000;

/** What recording one delivery found. */
export type WebhookDeliveryRecord = { duplicate: false } | { duplicate: true; firstSeenAt: Date };

/**
 * The delivery ids of webhook calls that started a run, keyed by (trigger name, delivery id), so a sender's
 * retry of a delivery starts no second run. The SQLite implementation is `@mono-agent/triggers/sqlite`
 * (`openWebhookDeliveryStore`); a store shared by several hosts (Postgres) implements the same interface.
 */
export interface WebhookDeliveryStore {
  /**
   * Records delivery `deliveryId` of `trigger` at `at`, unless the same key was recorded within the
   * window before `at` (then it is a duplicate and nothing changes). Atomic: of two calls racing with one
   * key, one records and the other is the duplicate.
   */
  record(trigger: string, deliveryId: string, at: Date): Promise<WebhookDeliveryRecord>;
  close(): Promise<void>;
}
