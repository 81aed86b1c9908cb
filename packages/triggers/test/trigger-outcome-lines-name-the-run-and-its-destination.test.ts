import { describe, expect, test } from "vitest";
import type { TriggerView } from "../src/declared/describe-triggers.js";
import type { TriggerRunOutcome } from "../src/declared/run-trigger.js";
import {
  describeSchedulerEvent,
  describeTriggerRun,
  describeWebhookRun,
  TRIGGER_TABLE_HEADER,
  triggerTableRow,
} from "../src/declared.js";

const outcome: TriggerRunOutcome = {
  trigger: "digest",
  source: "cron",
  runId: "run-1",
  conversationId: "trigger:digest",
  status: "succeeded",
  finalText: "All quiet.",
  deliveredTo: "trigger:digest",
};
const fireAt = new Date("2026-03-14T09:00:00Z");

describe("scheduler event lines", () => {
  test("a run names its run id, fire time, missed fire times and destination", () => {
    expect(describeSchedulerEvent({ type: "fired", trigger: "digest", fireAt, missed: 0, outcome })).toBe(
      "trigger digest: ran run-1 for 2026-03-14T09:00:00.000Z: succeeded, delivered to trigger:digest",
    );
    expect(describeSchedulerEvent({ type: "fired", trigger: "digest", fireAt, missed: 2, outcome })).toBe(
      "trigger digest: ran run-1 for 2026-03-14T09:00:00.000Z (2 earlier fire time(s) missed, caught up once): succeeded, delivered to trigger:digest",
    );
  });

  test("a skip and a failure say what happened to the fire time", () => {
    expect(describeSchedulerEvent({ type: "skipped", trigger: "digest", fireAt, missed: 3 })).toBe(
      'trigger digest: skipped the fire time 2026-03-14T09:00:00.000Z (3 missed, catch-up "skip")',
    );
    expect(describeSchedulerEvent({ type: "failed", trigger: "digest", fireAt, message: "boom" })).toBe(
      "trigger digest: the run of 2026-03-14T09:00:00.000Z failed: boom",
    );
  });
});

describe("webhook run lines", () => {
  test("a settled run names its run id and destination; a failed one its error", () => {
    expect(describeWebhookRun({ ...outcome, trigger: "deploy", source: "webhook" })).toBe(
      "webhook deploy: ran run-1: succeeded, delivered to trigger:digest",
    );
    expect(describeWebhookRun({ trigger: "deploy", error: "model down" })).toBe(
      "webhook deploy: the run failed: model down",
    );
  });
});

describe("a trigger run by hand", () => {
  test("prints the answer, a blank line, then where the run ran and went", () => {
    expect(describeTriggerRun(outcome)).toBe(
      "All quiet.\n\ntrigger digest (cron): run run-1 succeeded in trigger:digest, delivered to trigger:digest\n",
    );
  });

  test("without an answer prints only the run line, with the error when there is one", () => {
    expect(
      describeTriggerRun({
        ...outcome,
        finalText: "",
        status: "failed",
        error: { kind: "model", message: "no key" },
      }),
    ).toBe(
      "trigger digest (cron): run run-1 failed in trigger:digest, delivered to trigger:digest: no key\n",
    );
  });
});

describe("the triggers table", () => {
  test("one row per trigger, in the header's column order, with dashes for what is absent", () => {
    const view = {
      name: "digest",
      kind: "schedule",
      enabled: false,
      source: "cron",
      when: "0 9 * * *",
      destination: "trigger:digest",
      isolated: true,
    } as TriggerView;
    expect(TRIGGER_TABLE_HEADER).toHaveLength(7);
    expect(triggerTableRow(view)).toEqual([
      "digest",
      "schedule (disabled)",
      "0 9 * * *",
      "-",
      "trigger:digest",
      "yes",
      "-",
    ]);
  });
});
