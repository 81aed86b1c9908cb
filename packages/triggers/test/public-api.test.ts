import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as declared from "../src/declared.js";
import * as root from "../src/index.js";
import * as node from "../src/node.js";
import * as postgres from "../src/postgres.js";
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
        "SCHEDULER_MAX_WAIT_MS",
        "TriggerError",
        "UNTRUSTED_BODY_OPENING",
        "WEBHOOK_BODY_PROMPT_MAX_CHARACTERS",
        "WEBHOOK_DELIVERY_WINDOW_MS",
        "WEBHOOK_RUNS_PER_MINUTE_MAX",
        "WEBHOOK_TIMESTAMP_TOLERANCE_MS",
        "bearerMatches",
        "createTriggerScheduler",
        "dueFire",
        "parseCronSchedule",
        "parseSchedules",
        "signWebhookBody",
        "triggerPrompt",
        "verifyWebhookSignature",
        "webhookDeliveryId",
        "webhookPath",
        "webhookTimestamp",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "CatchUpRule",
        "CronSchedule",
        "DueFire",
        "MISSED_COUNT_LIMIT",
        "ON_TIME_WINDOW_MS",
        "ParsedSchedule",
        "SCHEDULER_MAX_WAIT_MS",
        "ScheduleState",
        "ScheduledTrigger",
        "SchedulerEvent",
        "TriggerError",
        "TriggerErrorCode",
        "TriggerScheduler",
        "TriggerSchedulerOptions",
        "TriggerStateStore",
        "UNTRUSTED_BODY_OPENING",
        "WEBHOOK_BODY_PROMPT_MAX_CHARACTERS",
        "WEBHOOK_DELIVERY_WINDOW_MS",
        "WEBHOOK_RUNS_PER_MINUTE_MAX",
        "WEBHOOK_TIMESTAMP_TOLERANCE_MS",
        "WebhookDeliveryId",
        "WebhookDeliveryRecord",
        "WebhookDeliveryStore",
        "WebhookTimestamp",
        "bearerMatches",
        "createTriggerScheduler",
        "dueFire",
        "parseCronSchedule",
        "parseSchedules",
        "signWebhookBody",
        "triggerPrompt",
        "verifyWebhookSignature",
        "webhookDeliveryId",
        "webhookPath",
        "webhookTimestamp",
      ]
    `);
  });

  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "TRIGGERS_POSTGRES_MIGRATIONS",
        "openPostgresWebhookDeliveryStore",
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

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "WEBHOOK_RETRY_AFTER_SECONDS",
        "WEBHOOK_RUNS_IN_FLIGHT_MAX",
        "resolveWebhookSecrets",
        "startDeclaredWebhookServer",
        "startWebhookServer",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "ResolvedWebhook",
        "StartDeclaredWebhookServerOptions",
        "StartWebhookServerOptions",
        "WEBHOOK_RETRY_AFTER_SECONDS",
        "WEBHOOK_RUNS_IN_FLIGHT_MAX",
        "WebhookRoute",
        "WebhookRunSettled",
        "WebhookServer",
        "resolveWebhookSecrets",
        "startDeclaredWebhookServer",
        "startWebhookServer",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkTriggersConfig",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "TriggerCheckView",
        "TriggersCheckOptions",
        "checkTriggersConfig",
      ]
    `);
  });

  test("./declared", () => {
    expect(Object.keys(declared).sort()).toMatchInlineSnapshot(`
      [
        "TRIGGER_TABLE_HEADER",
        "createDeclaredTriggerScheduler",
        "declaredTriggers",
        "describeSchedulerEvent",
        "describeTriggerRun",
        "describeTriggers",
        "describeWebhookRun",
        "findTrigger",
        "parseDeclaredSchedules",
        "runTrigger",
        "triggerTableRow",
      ]
    `);
    expect(exportedNames(join(sourceDir, "declared.ts"))).toMatchInlineSnapshot(`
      [
        "DeclaredSchedulerEvent",
        "DeclaredTrigger",
        "DeclaredTriggerScheduler",
        "DeclaredTriggerSchedulerOptions",
        "RunTriggerOptions",
        "StartTriggerThread",
        "TRIGGER_TABLE_HEADER",
        "TriggerHost",
        "TriggerHostRunRequest",
        "TriggerHostRunResult",
        "TriggerRunOutcome",
        "TriggerThreadRunRequest",
        "TriggerView",
        "createDeclaredTriggerScheduler",
        "declaredTriggers",
        "describeSchedulerEvent",
        "describeTriggerRun",
        "describeTriggers",
        "describeWebhookRun",
        "findTrigger",
        "parseDeclaredSchedules",
        "runTrigger",
        "triggerTableRow",
      ]
    `);
  });
});
