import { fileURLToPath } from "node:url";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import { TriggerError } from "../trigger-error.js";
import {
  WEBHOOK_DELIVERIES_PER_TRIGGER_MAX,
  WEBHOOK_DELIVERY_WINDOW_MS,
  type WebhookDeliveryStore,
} from "../webhook-delivery-store.js";

/** The webhook delivery store's PostgreSQL migrations (beside dist/, applied by `migratePostgres`). */
export const TRIGGERS_POSTGRES_MIGRATIONS = {
  store: "triggers",
  migrationsFolder: fileURLToPath(new URL("../../drizzle-postgres", import.meta.url)),
} as const;

/**
 * Records between two trims of a trigger's ids to `maxPerTrigger` (one count each time): 1,000 keeps the
 * trim off the path of most calls while a flood overshoots the bound by at most 1% per host.
 */
const TRIM_EVERY_RECORDS = 1_000;

/** Options of {@link openPostgresWebhookDeliveryStore}. */
export interface PostgresWebhookDeliveryStoreOptions {
  /** A pool on the schema {@link TRIGGERS_POSTGRES_MIGRATIONS} were applied to; the caller closes it. */
  postgres: PostgresPool;
  /** Default {@link WEBHOOK_DELIVERY_WINDOW_MS}. */
  windowMs?: number;
  /** Default {@link WEBHOOK_DELIVERIES_PER_TRIGGER_MAX}. */
  maxPerTrigger?: number;
}

/**
 * The webhook delivery ids (and signatures) in PostgreSQL, shared by every host on the database: a call
 * taken by one host is a duplicate on all of them. Each `record` is one statement (insert, or take over
 * a row older than the window), so of two hosts racing with one key one records and the other is the
 * duplicate. `record` throws `store_failed` naming the database without its password.
 */
export function openPostgresWebhookDeliveryStore(
  options: PostgresWebhookDeliveryStoreOptions,
): WebhookDeliveryStore {
  const windowMs = options.windowMs ?? WEBHOOK_DELIVERY_WINDOW_MS;
  const maxPerTrigger = options.maxPerTrigger ?? WEBHOOK_DELIVERIES_PER_TRIGGER_MAX;
  const { pool, displayUrl, schema } = options.postgres;
  const recordsSinceTrim = new Map<string, number>();
  const failed = (error: unknown) =>
    new TriggerError(
      "store_failed",
      `cannot record a webhook delivery id in ${displayUrl} (schema ${schema}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  const trim = async (trigger: string, at: number) => {
    await pool.query("DELETE FROM webhook_delivery WHERE trigger = $1 AND seen_ms <= $2", [
      trigger,
      at - windowMs,
    ]);
    await pool.query(
      `DELETE FROM webhook_delivery WHERE trigger = $1 AND delivery_id IN (
         SELECT delivery_id FROM webhook_delivery WHERE trigger = $1
         ORDER BY seen_ms DESC, delivery_id OFFSET $2)`,
      [trigger, maxPerTrigger],
    );
  };
  return {
    async record(trigger, deliveryId, at) {
      const atMs = at.getTime();
      try {
        const taken = await pool.query(
          `INSERT INTO webhook_delivery (trigger, delivery_id, seen_ms) VALUES ($1, $2, $3)
           ON CONFLICT (trigger, delivery_id) DO UPDATE SET seen_ms = EXCLUDED.seen_ms
           WHERE webhook_delivery.seen_ms <= $4
           RETURNING seen_ms`,
          [trigger, deliveryId, atMs, atMs - windowMs],
        );
        if (taken.rowCount === 0) {
          const seen = await pool.query<{ seen_ms: string }>(
            "SELECT seen_ms FROM webhook_delivery WHERE trigger = $1 AND delivery_id = $2",
            [trigger, deliveryId],
          );
          return { duplicate: true, firstSeenAt: new Date(Number(seen.rows[0]?.seen_ms ?? atMs)) };
        }
        const since = (recordsSinceTrim.get(trigger) ?? TRIM_EVERY_RECORDS - 1) + 1;
        recordsSinceTrim.set(trigger, since >= TRIM_EVERY_RECORDS ? 0 : since);
        if (since >= TRIM_EVERY_RECORDS) await trim(trigger, atMs);
        return { duplicate: false };
      } catch (error) {
        throw failed(error);
      }
    },
    async close() {},
  };
}
