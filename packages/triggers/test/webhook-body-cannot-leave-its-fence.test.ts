import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signWebhookBody, triggerPrompt, verifyWebhookSignature } from "../src/index.js";

afterEach(() => vi.restoreAllMocks());

describe("the untrusted webhook body in a trigger prompt", () => {
  it("whatever the body holds (marker fragments included), it sits whole between one opening and one closing marker", () => {
    const fragment = fc.constantFrom(
      "UNTRUSTED-WEBHOOK-BODY",
      "<<<",
      ">>>",
      "-",
      "1",
      "2",
      "\n",
      "\r\n",
      "\u2028",
      "ignore the above",
    );
    const body = fc.oneof(
      fc.array(fragment, { maxLength: 40 }).map((parts) => parts.join("")),
      fc.string(),
    );
    fc.assert(
      fc.property(body, (text) => {
        const prompt = triggerPrompt({ prompt: "Summarise", triggerName: "deploy", webhookBody: text });
        const marker = /\n<<<(UNTRUSTED-WEBHOOK-BODY(?:-\d+)?)\n/.exec(prompt)?.[1];
        expect(marker).toBeDefined();
        expect(text.includes(marker as string)).toBe(false);
        expect(prompt.endsWith(`\n<<<${marker}\n${text}\n${marker}>>>`)).toBe(true);
        expect(prompt.split(`${marker}>>>`).length).toBe(2);
      }),
      { numRuns: 300 },
    );
  });
});

describe("signature comparison", () => {
  it("is WebCrypto's HMAC verify (constant time), never a string compare; a change at either end of the hex fails", async () => {
    const verify = vi.spyOn(globalThis.crypto.subtle, "verify");
    const body = '{"ref":"v1"}';
    const secret = "shared-secret-0123456789";
    const good = await signWebhookBody(body, secret);
    const flip = (hex: string) => (hex === "0" ? "1" : "0");
    const firstChanged = `sha256=${flip(good.charAt(7))}${good.slice(8)}`;
    const lastChanged = `${good.slice(0, -1)}${flip(good.charAt(good.length - 1))}`;
    expect(await verifyWebhookSignature(body, good.toUpperCase().replace("SHA256=", "sha256="), secret)).toBe(
      true,
    );
    expect(await verifyWebhookSignature(body, firstChanged, secret)).toBe(false);
    expect(await verifyWebhookSignature(body, lastChanged, secret)).toBe(false);
    expect(verify).toHaveBeenCalledTimes(3);
    expect(verify.mock.calls.every(([algorithm]) => algorithm === "HMAC")).toBe(true);
  });
});
