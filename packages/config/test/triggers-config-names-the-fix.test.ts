import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";

async function issuesOf(config: unknown): Promise<Record<string, string>> {
  const { issues } = await diagnoseMonoAgentConfig({ cwd: "/agent", env: {}, config });
  return Object.fromEntries(issues.map((issue) => [issue.jsonPath, issue.message]));
}

describe("the triggers block", () => {
  it("applies defaults: isolated from runtime.session.isolateProactive, catch-up latest, a 64 KiB body cap, a loopback webhook server", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/agent",
      env: {},
      config: {
        triggers: {
          schedules: { ops: { cron: "0 9 * * 1-5", prompt: "Summarise yesterday's failed runs" } },
          webhooks: { deploy: { prompt: "A deploy happened", bearer: { $env: "DEPLOY_HOOK_TOKEN" } } },
        },
      },
    });
    expect(loaded.config.runtime.session.isolateProactive).toBe(true);
    expect(loaded.config.triggers?.schedules.ops?.catchUp).toBe("latest");
    expect(loaded.config.triggers?.webhooks.deploy?.maxBodyBytes).toBe(65_536);
    expect(loaded.config.triggers?.webhooks.deploy?.deliveryIdHeaders).toEqual([
      "x-github-delivery",
      "x-gitlab-event-uuid",
      "webhook-id",
      "idempotency-key",
      "x-request-id",
    ]);
    expect(loaded.config.triggers?.webhookServer).toEqual({ host: "127.0.0.1", port: 4318, exposed: false });
  });

  it("names the fix for an open webhook, a secret default, a bad name, a bad zone, a bad destination and a name used twice", async () => {
    const messages = await issuesOf({
      triggers: {
        schedules: {
          "Bad Name": { cron: "* * * * *", prompt: "p" },
          far: {
            cron: "* * * * *",
            prompt: "p",
            timezone: "Mars/Olympus",
            destination: { conversationId: "nope" },
          },
        },
        webhooks: {
          open: { prompt: "p" },
          leaky: { prompt: "p", bearer: { $env: "TOKEN", default: "literal-secret-value" } },
          big: { prompt: "p", bearer: { $env: "TOKEN" }, maxBodyBytes: 10_000_000 },
          ids: { prompt: "p", bearer: { $env: "TOKEN" }, deliveryIdHeaders: ["X-Delivery", "bad header"] },
        },
      },
    });
    expect(messages["triggers.webhooks.open"]).toContain('needs "bearer" or "signature"');
    expect(messages["triggers.webhooks.leaky.bearer"]).toContain('no "default"');
    expect(messages["triggers.webhooks.big.maxBodyBytes"]).toContain("1048576");
    expect(messages["triggers.webhooks.ids.deliveryIdHeaders[1]"]).toContain(
      "header name such as x-github-delivery",
    );
    expect(Object.keys(messages).some((path) => path.startsWith("triggers.schedules"))).toBe(true);
    expect(JSON.stringify(messages)).toContain("accepted: a trigger name");
    expect(messages["triggers.schedules.far.timezone"]).toContain("IANA time zone");
    expect(JSON.stringify(messages)).toContain("conversation id");
    const twice = await issuesOf({
      triggers: {
        schedules: { twice: { cron: "* * * * *", prompt: "p" } },
        webhooks: { twice: { prompt: "p", bearer: { $env: "TOKEN" } } },
      },
    });
    expect(twice["triggers.webhooks.twice"]).toContain("in schedules and in webhooks");
  });
});
