import type { FauxResponseStep } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { type FakeTelegram, startFakeTelegram } from "../../../../packages/telegram/test/fake-telegram.js";
import { createAgentChannels } from "../../src/app/channels/agent-channels.js";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { makeAgentDir } from "../fixtures/mcp-env/context-kit.js";

export { waitFor } from "../fixtures/continuations/continuation-kit.js";

/** The private chat (a user's id) and the group the harness allows; a third chat is not allowed. */
export const PRIVATE_CHAT = 4242;
export const GROUP_CHAT = -100777;
export const OTHER_CHAT = 9999;

export type TelegramHarness = Awaited<ReturnType<typeof startTelegramHarness>>;

/**
 * The whole chain on loopback: a fake Bot API (grammY's apiRoot points at it), pi-ai's faux model, a real
 * app with `telegram.*` (long polling unless `telegram.mode` says otherwise), the channels composed as
 * serve does.
 */
export async function startTelegramHarness(
  options: { config?: Record<string, unknown>; telegram?: Record<string, unknown> } = {},
) {
  const fake: FakeTelegram = await startFakeTelegram();
  const faux = createFauxModel({ tokensPerSecond: 400, tokenSize: { min: 3, max: 6 } });
  const dir = makeAgentDir();
  const env = {
    PATH: process.env.PATH,
    TELEGRAM_BOT_TOKEN: fake.token,
    TELEGRAM_WEBHOOK_SECRET: "s3cret-token_for-tests",
  };
  const warnings: string[] = [];
  const channels = createAgentChannels({
    env,
    onWarning: (message) => warnings.push(message),
    telegram: { minUpdateIntervalMs: 25, pollTimeoutSeconds: 2, retry: { maxRetryAttempts: 6 } },
  });
  const app = await startMonoAgentApp({
    config: {
      runtime: { model: "faux:faux-1" },
      ...options.config,
      telegram: {
        botToken: { $env: "TELEGRAM_BOT_TOKEN" },
        allowedChatIds: [PRIVATE_CHAT, GROUP_CHAT],
        apiRoot: fake.apiRoot,
        ...options.telegram,
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
  return {
    fake,
    faux,
    app,
    channels,
    dir,
    warnings,
    script(steps: FauxResponseStep[]) {
      faux.setResponses(steps);
    },
    /** Queues a message from a user in `chatId` for the bot's long poll. */
    say(
      chatId: number,
      text: string,
      extra: Parameters<FakeTelegram["message"]>[0] extends infer O ? Partial<O> : never = {},
    ) {
      return fake.push(fake.message({ chatId, text, ...extra }));
    },
    async close() {
      await channels.stop();
      await app.close();
      await fake.close();
    },
  };
}
