import { join } from "node:path";
import { openSqliteDatabase } from "@mono-agent/storage/sqlite";
import type Database from "better-sqlite3";
import { TriggerError } from "../trigger-error.js";
import {
  WEBHOOK_DELIVERIES_PER_TRIGGER_MAX,
  WEBHOOK_DELIVERY_WINDOW_MS,
  type WebhookDeliveryStore,
} from "../webhook-delivery-store.js";
import { TRIGGER_STORE_BUSY_TIMEOUT_MS } from "./open-trigger-state-store.js";

/** The delivery id file inside the trigger state directory. */
export const WEBHOOK_DELIVERY_FILE = "webhook-deliveries.sqlite";

/** Options of {@link openWebhookDeliveryStore}. */
export interface WebhookDeliveryStoreOptions {
  /** Default {@link WEBHOOK_DELIVERY_WINDOW_MS}. */
  windowMs?: number;
  /** Default {@link WEBHOOK_DELIVERIES_PER_TRIGGER_MAX}. */
  maxPerTrigger?: number;
}

interface SeenRow {
  seen_ms: number;
}

/**
 * Opens (creating, 0600 in a 0700 folder) the SQLite webhook delivery ids of `stateDir`. Each `record` is
 * one immediate transaction (so two processes on the file take a delivery once); ids older than the
 * window are dropped as new ones of the trigger arrive, and the oldest beyond `maxPerTrigger`. Throws
 * `store_failed` naming the file when it cannot be opened; `record` throws `store_failed` too.
 */
export function openWebhookDeliveryStore(
  stateDir: string,
  options: WebhookDeliveryStoreOptions = {},
): WebhookDeliveryStore {
  const windowMs = options.windowMs ?? WEBHOOK_DELIVERY_WINDOW_MS;
  const maxPerTrigger = options.maxPerTrigger ?? WEBHOOK_DELIVERIES_PER_TRIGGER_MAX;
  const file = join(stateDir, WEBHOOK_DELIVERY_FILE);
  let sqlite: Database.Database;
  try {
    sqlite = openSqliteDatabase({ file, busyTimeoutMs: TRIGGER_STORE_BUSY_TIMEOUT_MS });
    sqlite.exec(
      `CREATE TABLE IF NOT EXISTS webhook_delivery (
         trigger TEXT NOT NULL, delivery_id TEXT NOT NULL, seen_ms INTEGER NOT NULL,
         PRIMARY KEY (trigger, delivery_id)) STRICT, WITHOUT ROWID;
       CREATE INDEX IF NOT EXISTS webhook_delivery_age ON webhook_delivery (trigger, seen_ms);`,
    );
  } catch (error) {
    throw new TriggerError(
      "store_failed",
      `cannot open the webhook delivery ids ${file}: ${error instanceof Error ? error.message : String(error)}; move it aside (it holds only delivery ids and times)`,
      { cause: error },
    );
  }
  const select = sqlite.prepare<[string, string], SeenRow>(
    "SELECT seen_ms FROM webhook_delivery WHERE trigger = ? AND delivery_id = ?",
  );
  const upsert = sqlite.prepare(
    "INSERT OR REPLACE INTO webhook_delivery (trigger, delivery_id, seen_ms) VALUES (?, ?, ?)",
  );
  const expire = sqlite.prepare("DELETE FROM webhook_delivery WHERE trigger = ? AND seen_ms <= ?");
  const count = sqlite.prepare<[string], { total: number }>(
    "SELECT count(*) AS total FROM webhook_delivery WHERE trigger = ?",
  );
  const trim = sqlite.prepare(
    `DELETE FROM webhook_delivery WHERE trigger = @trigger AND delivery_id IN (
       SELECT delivery_id FROM webhook_delivery WHERE trigger = @trigger ORDER BY seen_ms DESC, delivery_id LIMIT -1 OFFSET @keep)`,
  );
  // Rows per trigger as this process last counted them: the count bound costs a scan only when it trips.
  const counts = new Map<string, number>();
  const record = sqlite.transaction((trigger: string, deliveryId: string, at: number) => {
    const row = select.get(trigger, deliveryId);
    if (row !== undefined && row.seen_ms > at - windowMs)
      return { duplicate: true as const, firstSeenAt: new Date(row.seen_ms) };
    const known = counts.get(trigger) ?? (count.get(trigger) as { total: number }).total;
    let total = known + (upsert.run(trigger, deliveryId, at).changes === 1 && row === undefined ? 1 : 0);
    total -= expire.run(trigger, at - windowMs).changes;
    if (total > maxPerTrigger) total -= trim.run({ trigger, keep: maxPerTrigger }).changes;
    counts.set(trigger, Math.max(0, total));
    return { duplicate: false as const };
  });
  return {
    async record(trigger, deliveryId, at) {
      try {
        return record.immediate(trigger, deliveryId, at.getTime());
      } catch (error) {
        throw new TriggerError(
          "store_failed",
          `cannot record a webhook delivery id in ${file}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
    async close() {
      if (sqlite.open) sqlite.close();
    },
  };
}
