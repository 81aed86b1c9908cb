// describeTriggers is what `triggers list` and `validate` show: one view per declared trigger.
import { loadMonoAgentConfig } from "@mono-agent/config";
import { describe, expect, test } from "vitest";
import { describeTriggers } from "../src/declared.js";

const SECRET = "s".repeat(40);
const NOW = new Date("2026-12-03T10:00:00.000Z");

const loadTriggers = (triggers: unknown) =>
  loadMonoAgentConfig({ config: { triggers }, cwd: "/agents/demo", env: {} });

describe("describeTriggers", () => {
  test("a schedule shows its expression, zone, catch-up rule and next fire time", async () => {
    const loaded = await loadTriggers({
      schedules: { nightly: { cron: "0 2 * * *", timezone: "Europe/Berlin", prompt: "Report" } },
    });
    const [view] = describeTriggers(loaded, {}, NOW);
    expect(view).toMatchObject({
      name: "nightly",
      kind: "schedule",
      enabled: true,
      source: "cron",
      destination: "cron:nightly",
      nextAt: "2026-12-04T01:00:00.000Z",
    });
    expect(view?.when).toMatch(/^"0 2 \* \* \*" in Europe\/Berlin, catch-up /);
    expect(view?.problem).toBeUndefined();
  });

  test("a schedule whose expression does not parse names the cron path", async () => {
    const loaded = await loadTriggers({
      schedules: { broken: { cron: "99 * * * *", timezone: "UTC", prompt: "Report" } },
    });
    const [view] = describeTriggers(loaded, {}, NOW);
    expect(view?.nextAt).toBeUndefined();
    expect(view?.problem?.jsonPath).toBe("triggers.schedules.broken.cron");
    expect(view?.problem?.message).not.toBe("");
  });

  test("a webhook shows its loopback route and guards, and names an unset secret", async () => {
    const loaded = await loadTriggers({
      webhooks: { deploy: { prompt: "Check the deploy", bearer: { $env: "DEPLOY_HOOK_TOKEN" } } },
      webhookServer: { host: "127.0.0.1", port: 4318 },
    });
    const [unset] = describeTriggers(loaded, {}, NOW);
    expect(unset).toMatchObject({
      name: "deploy",
      kind: "webhook",
      when: "POST http://127.0.0.1:4318/hooks/deploy",
      problem: {
        message: "the bearer variable DEPLOY_HOOK_TOKEN is not set",
        jsonPath: "triggers.webhooks.deploy",
      },
    });
    expect(unset?.guards).toMatch(
      /; at most \d+ runs a minute; no signature, so a captured call can be replayed \(bearer only\)$/,
    );
    const [set] = describeTriggers(loaded, { DEPLOY_HOOK_TOKEN: SECRET }, NOW);
    expect(set?.problem).toBeUndefined();
  });

  test("a signed webhook says a replayed signature starts no run, and how old a signed timestamp may be", async () => {
    const loaded = await loadTriggers({
      webhooks: {
        deploy: {
          prompt: "Check the deploy",
          signature: { secret: { $env: "DEPLOY_HOOK_SECRET" }, timestampHeader: "X-Webhook-Timestamp" },
        },
      },
      webhookServer: { host: "127.0.0.1", port: 4318 },
    });
    expect(describeTriggers(loaded, { DEPLOY_HOOK_SECRET: SECRET }, NOW)[0]?.guards).toMatch(
      /; a replayed signature within 3 days starts no run; signed timestamps \(x-webhook-timestamp\) older than 5 minutes are refused$/,
    );
  });

  test("an IPv6 webhook host is bracketed in the route", async () => {
    const loaded = await loadTriggers({
      webhooks: { deploy: { prompt: "Check", bearer: { $env: "DEPLOY_HOOK_TOKEN" } } },
      webhookServer: { host: "::1", port: 4318 },
    });
    expect(describeTriggers(loaded, { DEPLOY_HOOK_TOKEN: SECRET }, NOW)[0]?.when).toBe(
      "POST http://[::1]:4318/hooks/deploy",
    );
  });
});
