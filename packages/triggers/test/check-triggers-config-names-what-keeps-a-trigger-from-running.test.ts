import { isIP } from "node:net";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { describe, expect, it } from "vitest";
import { checkTriggersConfig, type TriggerCheckView } from "../src/check.js";

const now = new Date("2026-03-01T23:30:00Z");
const isLoopbackHost = (host: string) =>
  host === "localhost" || (isIP(host) === 4 && host.startsWith("127."));

function options(views: readonly TriggerCheckView[] = []) {
  return {
    describeTriggers: async () => views,
    isLoopbackHost,
    hostTimeZone: () => "UTC",
    now,
  };
}

const view = (fields: Partial<TriggerCheckView>): TriggerCheckView => ({
  name: "ops",
  kind: "schedule",
  enabled: true,
  when: '"0 9 * * 1-5" in UTC, catch-up latest',
  destination: "cli:ops",
  isolated: true,
  ...fields,
});

describe("checkTriggersConfig", () => {
  it("names today's rollover bucket in the configured zone and says when no trigger is declared", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/agent",
      env: {},
      config: { runtime: { session: { rollover: "daily", rolloverTimezone: "Europe/Berlin" } } },
    });
    const lines = await checkTriggersConfig(loaded, {
      ...options(),
      describeTriggers: () => Promise.reject(new Error("not asked without triggers")),
    });
    expect(lines[0]?.message).toContain("in Europe/Berlin; today is #2026-03-02.");
    expect(lines[1]).toEqual({
      status: "disabled",
      message: "No triggers declared (triggers.schedules, triggers.webhooks).",
    });
  });

  it("lists a runnable trigger with its next fire time and destination", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/agent",
      env: {},
      config: { triggers: { schedules: { ops: { cron: "0 9 * * 1-5", prompt: "p" } } } },
    });
    const lines = await checkTriggersConfig(loaded, options([view({ nextAt: "2026-03-02T09:00:00.000Z" })]));
    expect(lines.map((line) => line.status)).toEqual(["ok", "ok", "ok"]);
    expect(lines[1]?.message).toBe(
      'schedule ops: "0 9 * * 1-5" in UTC, catch-up latest, next 2026-03-02T09:00:00.000Z; delivers to cli:ops, isolated.',
    );
  });

  it("is an error for a webhook server off loopback, a bad schedule and a missing secret; a disabled trigger is off", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/agent",
      env: {},
      config: {
        triggers: {
          webhookServer: { host: "10.0.0.5", port: 4318 },
          webhooks: { deploy: { prompt: "p", bearer: { $env: "DEPLOY_HOOK_TOKEN" } } },
        },
      },
    });
    const problem = (jsonPath: string) => ({ message: "it cannot run", jsonPath });
    const lines = await checkTriggersConfig(
      loaded,
      options([
        view({ kind: "webhook", name: "deploy", problem: problem("triggers.webhooks.deploy") }),
        view({ problem: problem("triggers.schedules.ops.cron") }),
        view({ name: "old", enabled: false }),
      ]),
    );
    expect(lines.map((line) => line.code ?? line.status)).toEqual([
      "ok",
      "webhook_host_not_loopback",
      "webhook_secret_missing",
      "invalid_schedule",
      "disabled",
      "ok",
    ]);
    expect(lines[3]).toMatchObject({
      jsonPath: "triggers.schedules.ops.cron",
      message: "schedule ops: it cannot run.",
    });
  });
});
