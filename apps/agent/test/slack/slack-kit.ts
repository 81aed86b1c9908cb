import type { FauxResponseStep } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { type FakeSlack, startFakeSlack } from "../../../../packages/slack/test/fake-slack.js";
import { createAgentChannels } from "../../src/app/channels/agent-channels.js";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { makeAgentDir } from "../fixtures/mcp-env/context-kit.js";

export { mentionEvent } from "../../../../packages/slack/test/fake-slack.js";
export { waitFor } from "../fixtures/continuations/continuation-kit.js";

/** Slack events URL of a started channel. */
export type SlackHarness = Awaited<ReturnType<typeof startSlackHarness>>;

/**
 * The whole chain on loopback: a fake Slack (Web API, signed events, files), pi-ai's faux model streaming
 * at `tokensPerSecond`, a real app with `slack.*` in HTTP mode, the channels composed as serve does.
 */
export async function startSlackHarness(
  options: { config?: Record<string, unknown>; slack?: Record<string, unknown> } = {},
) {
  const fake: FakeSlack = await startFakeSlack();
  const faux = createFauxModel({ tokensPerSecond: 400, tokenSize: { min: 3, max: 6 } });
  const dir = makeAgentDir();
  const env = {
    PATH: process.env.PATH,
    SLACK_BOT_TOKEN: fake.botToken,
    SLACK_SIGNING_SECRET: fake.signingSecret,
    SLACK_APP_TOKEN: "xapp-fake-app-token",
  };
  const warnings: string[] = [];
  const channels = createAgentChannels({
    env,
    onWarning: (message) => warnings.push(message),
    slack: { minUpdateIntervalMs: 25, retryConfig: { retries: 6, factor: 1, minTimeout: 0, maxTimeout: 20 } },
  });
  const app = await startMonoAgentApp({
    config: {
      runtime: { model: "faux:faux-1" },
      ...options.config,
      slack: {
        mode: "http",
        botToken: { $env: "SLACK_BOT_TOKEN" },
        signingSecret: { $env: "SLACK_SIGNING_SECRET" },
        http: { port: 0 },
        allowedChannelIds: ["C0ALLOW", "C0OTHER"],
        apiUrl: fake.apiUrl,
        ...options.slack,
      },
    },
    cwd: dir,
    env,
    customModels: {
      "faux:faux-1": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:faux-1",
        isDemo: false,
      },
    },
    adapterSendTools: channels.adapterSendTools,
    continuationPoster: channels.continuationPoster,
  });
  await channels.start(app);
  const eventsUrl = `http://127.0.0.1:${channels.slack?.port}/slack/events`;
  return {
    fake,
    faux,
    app,
    channels,
    dir,
    warnings,
    eventsUrl,
    script(steps: FauxResponseStep[]) {
      faux.setResponses(steps);
    },
    async close() {
      await channels.stop();
      await app.close();
      await fake.close();
    },
  };
}
