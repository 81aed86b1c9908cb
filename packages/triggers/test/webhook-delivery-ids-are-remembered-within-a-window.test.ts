import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { WEBHOOK_DELIVERY_WINDOW_MS } from "../src/index.js";
import { WEBHOOK_DELIVERY_ID_MAX_CHARS, webhookDeliveryId } from "../src/webhook-delivery-id.js";
import { openWebhookDeliveryStore } from "../src/sqlite.js";

const at = (offsetMs: number) => new Date(Date.UTC(2026, 2, 14, 9) + offsetMs);

describe("webhook delivery ids", () => {
  it("a delivery id is a duplicate within the window, also after the store is reopened; after the window it runs again", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deliveries-"));
    let store = openWebhookDeliveryStore(dir);
    expect(await store.record("deploy", "d-1", at(0))).toEqual({ duplicate: false });
    expect(await store.record("deploy", "d-1", at(1_000))).toEqual({ duplicate: true, firstSeenAt: at(0) });
    // The key is (trigger, delivery id): another trigger's d-1 is its own delivery.
    expect(await store.record("build", "d-1", at(1_000))).toEqual({ duplicate: false });
    await store.close();
    store = openWebhookDeliveryStore(dir);
    expect((await store.record("deploy", "d-1", at(WEBHOOK_DELIVERY_WINDOW_MS - 1))).duplicate).toBe(true);
    expect(await store.record("deploy", "d-1", at(WEBHOOK_DELIVERY_WINDOW_MS))).toEqual({ duplicate: false });
    await store.close();
  });

  it("keeps at most maxPerTrigger ids per trigger, dropping the oldest; two connections take one id once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "deliveries-"));
    const store = openWebhookDeliveryStore(dir, { maxPerTrigger: 3 });
    for (let index = 0; index < 5; index += 1) await store.record("deploy", `d-${index}`, at(index));
    expect((await store.record("deploy", "d-0", at(10))).duplicate).toBe(false);
    expect((await store.record("deploy", "d-4", at(11))).duplicate).toBe(true);
    const other = openWebhookDeliveryStore(dir, { maxPerTrigger: 3 });
    const raced = await Promise.all([
      store.record("deploy", "race", at(20)),
      other.record("deploy", "race", at(20)),
    ]);
    expect(raced.map((outcome) => outcome.duplicate).sort()).toEqual([false, true]);
    await other.close();
    await store.close();
  });

  it("takes the first configured header present; refuses an empty, long or non-printable id", () => {
    const headers = (values: Record<string, string>) => new Headers(values);
    const names = ["x-github-delivery", "x-request-id"];
    expect(
      webhookDeliveryId(headers({ "x-request-id": "r-1", "X-GitHub-Delivery": " g-1 " }), names),
    ).toEqual({
      header: "x-github-delivery",
      deliveryId: "g-1",
    });
    expect(webhookDeliveryId(headers({}), names)).toBeUndefined();
    expect(webhookDeliveryId(headers({ "x-request-id": "r-1" }), [])).toBeUndefined();
    for (const value of ["", "a b", "x".repeat(WEBHOOK_DELIVERY_ID_MAX_CHARS + 1), "caf\u00e9"]) {
      const parsed = webhookDeliveryId({ get: (name) => (name === "x-request-id" ? value : null) }, names);
      expect(parsed && "problem" in parsed, JSON.stringify(value)).toBe(true);
    }
  });
});
