import { fauxAssistantMessage } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PRIVATE_CHAT, startTelegramHarness, type TelegramHarness, waitFor } from "./telegram-kit.js";

const SECRET = "s3cret-token_for-tests";

let harness: TelegramHarness;
let url: string;
beforeAll(async () => {
  harness = await startTelegramHarness({
    telegram: {
      mode: "webhook",
      webhook: {
        port: 0,
        secretToken: { $env: "TELEGRAM_WEBHOOK_SECRET" },
        url: "https://bot.example.org/telegram/webhook",
      },
    },
  });
  url = `http://127.0.0.1:${harness.channels.telegram?.port}/telegram/webhook`;
});
afterAll(() => harness?.close());

describe("Telegram in webhook mode", () => {
  test("serve registers the webhook with its secret; a request with a missing or wrong secret gets 401 and starts nothing", async () => {
    expect(harness.fake.state.webhook).toBe("https://bot.example.org/telegram/webhook");
    expect(harness.fake.calls).not.toContain("getUpdates");
    const runs = harness.faux.state.callCount;
    const update = harness.fake.message({ chatId: PRIVATE_CHAT, text: "forged" });
    expect(await harness.fake.postWebhook(url, update)).toBe(401);
    expect(await harness.fake.postWebhook(url, update, "not-the-secret")).toBe(401);
    expect(await harness.fake.postWebhook(url, { not: "an update" } as never, SECRET)).toBe(200);
    expect(harness.faux.state.callCount).toBe(runs);
  });

  test("an update with the secret is answered; the same update id delivered again starts no second run", async () => {
    const runs = harness.faux.state.callCount;
    harness.script([fauxAssistantMessage("hooked"), fauxAssistantMessage("second")]);
    const update = { update_id: 777001, ...harness.fake.message({ chatId: PRIVATE_CHAT, text: "hi" }) };
    const post = () =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": SECRET },
        body: JSON.stringify(update),
      }).then((response) => response.status);
    expect(await post()).toBe(200);
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "hooked" ? true : undefined),
      "the answer",
    );
    expect(await post()).toBe(200);
    harness.script([fauxAssistantMessage("next")]);
    expect(
      await harness.fake.postWebhook(
        url,
        harness.fake.message({ chatId: PRIVATE_CHAT, text: "next" }),
        SECRET,
      ),
    ).toBe(200);
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "next" ? true : undefined),
      "the next answer",
    );
    expect(harness.faux.state.callCount).toBe(runs + 2);
    expect(harness.fake.chat(PRIVATE_CHAT).map((message) => message.text)).toEqual(["hooked", "next"]);
  });
});
