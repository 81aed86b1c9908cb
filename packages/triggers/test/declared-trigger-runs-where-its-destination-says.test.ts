// runTrigger over a recording host: the host app is the seam (the app's own runs are tested in apps/agent).
import { loadMonoAgentConfig } from "@mono-agent/config";
import { describe, expect, test } from "vitest";
import {
  declaredTriggers,
  findTrigger,
  runTrigger,
  type TriggerHost,
  type TriggerHostRunRequest,
} from "../src/declared.js";
import { TriggerError } from "../src/index.js";

const loadTriggers = (triggers: unknown, session: Record<string, unknown> = {}) =>
  loadMonoAgentConfig({ config: { triggers, runtime: { session } }, cwd: "/agents/demo", env: {} });

/** A host that answers every run with `answer` and records what it was asked. */
function recordingHost(answer = "all green") {
  const runs: TriggerHostRunRequest<unknown, unknown>[] = [];
  const deliveries: { conversationId: string; note: string; text: string; deliveryId: string }[] = [];
  const host: TriggerHost = {
    async run(request) {
      runs.push(request);
      return {
        runId: `run-${runs.length}`,
        conversationId: request.conversationId,
        status: "succeeded",
        finalText: answer,
      };
    },
    async deliverMessage(conversationId, delivery, deliveryId) {
      deliveries.push({ conversationId, ...delivery, deliveryId });
      return `${conversationId}#2026-12-03`;
    },
  };
  return { host, runs, deliveries };
}

describe("declared triggers", () => {
  test("schedules come before webhooks, each with its own conversation and the isolateProactive default", async () => {
    const loaded = await loadTriggers(
      {
        webhooks: { deploy: { prompt: "Check the deploy", bearer: { $env: "DEPLOY_HOOK_TOKEN" } } },
        schedules: { nightly: { cron: "0 2 * * *", prompt: "Report", isolated: false } },
      },
      { isolateProactive: true },
    );
    expect(
      declaredTriggers(loaded).map(({ kind, name, source, conversationId, isolated }) => ({
        kind,
        name,
        source,
        conversationId,
        isolated,
      })),
    ).toEqual([
      { kind: "schedule", name: "nightly", source: "cron", conversationId: "cron:nightly", isolated: false },
      {
        kind: "webhook",
        name: "deploy",
        source: "webhook",
        conversationId: "webhook:deploy",
        isolated: true,
      },
    ]);
    expect(findTrigger(loaded, "missing")).toBeUndefined();
  });

  test("an isolated run runs in its own conversation and its answer is delivered to the destination", async () => {
    const loaded = await loadTriggers({
      schedules: {
        nightly: { cron: "0 2 * * *", prompt: "Report", destination: { conversationId: "cli:ops" } },
      },
    });
    const trigger = findTrigger(loaded, "nightly");
    if (trigger === undefined) throw new Error("nightly is declared");
    const { host, runs, deliveries } = recordingHost();
    const outcome = await runTrigger({ app: host, trigger: { ...trigger, isolated: true } });
    expect(
      runs.map(({ conversationId, source, isolated }) => ({ conversationId, source, isolated })),
    ).toEqual([{ conversationId: "cron:nightly", source: "cron", isolated: true }]);
    expect(deliveries).toEqual([
      {
        conversationId: "cli:ops",
        note: '[cron trigger "nightly" ran as run-1 in cron:nightly; its answer follows]',
        text: "all green",
        deliveryId: "run-1",
      },
    ]);
    expect(outcome).toMatchObject({ trigger: "nightly", runId: "run-1", deliveredTo: "cli:ops#2026-12-03" });
  });

  test("a shared run runs in the destination conversation itself, and nothing is delivered", async () => {
    const loaded = await loadTriggers({
      webhooks: {
        deploy: {
          prompt: "Check",
          bearer: { $env: "DEPLOY_HOOK_TOKEN" },
          isolated: false,
          destination: { conversationId: "cli:ops" },
        },
      },
    });
    const trigger = findTrigger(loaded, "deploy");
    if (trigger === undefined) throw new Error("deploy is declared");
    const { host, runs, deliveries } = recordingHost();
    const outcome = await runTrigger({ app: host, trigger, webhookBody: '{"ok":true}' });
    expect(runs[0]?.conversationId).toBe("cli:ops");
    expect(runs[0]?.input).toContain('{"ok":true}');
    expect(deliveries).toEqual([]);
    expect(outcome.deliveredTo).toBe("cli:ops");
  });

  test("a new web thread destination without serve is trigger_destination_unavailable, before any run", async () => {
    const loaded = await loadTriggers({
      schedules: { nightly: { cron: "0 2 * * *", prompt: "Report", destination: { webThread: "new" } } },
    });
    const trigger = findTrigger(loaded, "nightly");
    if (trigger === undefined) throw new Error("nightly is declared");
    const { host, runs } = recordingHost();
    const error = await runTrigger({ app: host, trigger }).catch((caught: unknown) => caught);
    expect(TriggerError.isInstance(error) && error.code).toBe("trigger_destination_unavailable");
    expect((error as Error).message).toContain("only `mono-agent serve` has");
    expect(runs).toEqual([]);
  });
});
