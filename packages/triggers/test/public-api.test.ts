import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as sqlite from "../src/sqlite.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "MISSED_COUNT_LIMIT",
        "ON_TIME_WINDOW_MS",
        "TriggerError",
        "UNTRUSTED_BODY_OPENING",
        "WEBHOOK_BODY_PROMPT_MAX_CHARACTERS",
        "WEBHOOK_DELIVERY_WINDOW_MS",
        "bearerMatches",
        "dueFire",
        "parseCronSchedule",
        "signWebhookBody",
        "triggerPrompt",
        "verifyWebhookSignature",
        "webhookDeliveryId",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "CatchUpRule",
        "CronSchedule",
        "DueFire",
        "MISSED_COUNT_LIMIT",
        "ON_TIME_WINDOW_MS",
        "ScheduleState",
        "TriggerError",
        "TriggerErrorCode",
        "TriggerStateStore",
        "UNTRUSTED_BODY_OPENING",
        "WEBHOOK_BODY_PROMPT_MAX_CHARACTERS",
        "WEBHOOK_DELIVERY_WINDOW_MS",
        "WebhookDeliveryId",
        "WebhookDeliveryRecord",
        "WebhookDeliveryStore",
        "bearerMatches",
        "dueFire",
        "parseCronSchedule",
        "signWebhookBody",
        "triggerPrompt",
        "verifyWebhookSignature",
        "webhookDeliveryId",
      ]
    `);
  });

  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot(`
      [
        "SCHEDULER_LOCK_FILE",
        "TRIGGER_STATE_FILE",
        "TRIGGER_STORE_BUSY_TIMEOUT_MS",
        "acquireSchedulerLock",
        "openTriggerStateStore",
        "openWebhookDeliveryStore",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite.ts"))).toMatchInlineSnapshot(`
      [
        "SCHEDULER_LOCK_FILE",
        "SchedulerLock",
        "TRIGGER_STATE_FILE",
        "TRIGGER_STORE_BUSY_TIMEOUT_MS",
        "WebhookDeliveryStoreOptions",
        "acquireSchedulerLock",
        "openTriggerStateStore",
        "openWebhookDeliveryStore",
      ]
    `);
  });
});
