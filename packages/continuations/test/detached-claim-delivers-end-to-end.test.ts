import { afterEach, describe, expect, test } from "vitest";
import type { ContinuationSynthesisRequest } from "../src/index.js";
import { capturedContinuationText } from "../src/node/operator-actions.js";
import { detachedFingerprint } from "../src/node/continuation-tokens.js";
import { claimBody, detachedClaim, request, SERVICE_TOKEN, startTestService, until } from "./service-kit.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const namedRoutes = {
  ops: { mode: "notify_if_actionable" as const, conversationId: "cli:ops" },
  notes: { mode: "capture" as const, conversationId: "cli:notes" },
  quiet: { mode: "silent" as const },
};

async function started(options: Parameters<typeof startTestService>[0] = {}) {
  const value = await startTestService({
    namedRoutes,
    detachedServices: [{ name: "ci", token: SERVICE_TOKEN }],
    ...options,
  });
  closers.push(() => value.service.close());
  return value;
}

describe("a detached claim", () => {
  test("claim -> result -> synthesis over the latest turns of the route's conversation -> delivered once", async () => {
    const syntheses: ContinuationSynthesisRequest[] = [];
    const latestAsked: string[] = [];
    const { service, delivered } = await started({
      latestOriginMessages: (conversationId) => {
        latestAsked.push(conversationId);
        return [
          { role: "user", text: "watch the nightly build" },
          { role: "assistant", text: "I will tell you when it breaks." },
        ];
      },
      synthesize: async (synthesis) => {
        syntheses.push(synthesis);
        return { text: "The nightly build failed in step 3." };
      },
    });
    const claim = await detachedClaim(service.url, claimBody("nightly-42", { route: "ops" }));
    expect(claim.status).toBe(200);
    expect(claim.headers.get("cache-control")).toBe("no-store");
    expect(claim.headers.get("x-content-type-options")).toBe("nosniff");
    expect(claim.body.fingerprint).toBe(
      detachedFingerprint({
        serviceName: "ci",
        routeName: "ops",
        mode: "notify_if_actionable",
        conversationId: "cli:ops",
      }),
    );
    const record = service.store.get(claim.body.continuationId);
    expect(record).toMatchObject({
      state: "claimed",
      serverName: "ci",
      originRunId: "detached:ci:nightly-42",
      originConversationId: "cli:ops",
      mode: "notify_if_actionable",
      routeName: "ops",
      destinationConversationId: "cli:ops",
      originContextState: "detached_latest",
    });
    const result = await request(claim.body.resultUrl, {
      method: "PUT",
      token: claim.body.token,
      body: { idempotencyKey: "r1", payload: { status: "failed", step: 3 } },
    });
    expect(result.status).toBe(202);
    await until(() => service.store.get(claim.body.continuationId)?.state === "delivered", "delivery");
    expect(latestAsked).toEqual(["cli:ops"]);
    expect(syntheses).toHaveLength(1);
    expect(syntheses[0]).toMatchObject({
      mode: "notify_if_actionable",
      serverName: "ci",
      originConversationId: "cli:ops",
      payload: { status: "failed", step: 3 },
      toolsDisabled: true,
    });
    expect(syntheses[0]?.originContext.messages.map((message) => message.text)).toEqual([
      "watch the nightly build",
      "I will tell you when it breaks.",
    ]);
    expect(delivered).toEqual([
      {
        conversationId: "cli:ops",
        text: "The nightly build failed in step 3.",
        deliveryId: `continuation-${claim.body.continuationId}`,
      },
    ]);
    expect(service.store.get(claim.body.continuationId)).toMatchObject({
      completionKind: "synthesized",
      receipt: { channel: "cli", historyRecorded: true },
    });
    const replayedResult = await request(claim.body.resultUrl, {
      token: claim.body.token,
      body: { idempotencyKey: "r1", payload: { status: "failed", step: 3 } },
    });
    expect(replayedResult.body).toMatchObject({ replayed: true, state: "delivered" });
    expect(delivered).toHaveLength(1);
  });

  test("without a way to read the conversation, the fixed origin-context-unavailable text is delivered", async () => {
    const synthesized: string[] = [];
    const { service, delivered } = await started({
      synthesize: async (synthesis) => {
        synthesized.push(synthesis.continuationId);
        return { text: "never used" };
      },
    });
    const claim = await detachedClaim(service.url, claimBody("deploy-7", { route: "ops" }));
    await request(claim.body.resultUrl, {
      token: claim.body.token,
      body: { idempotencyKey: "r1", payload: "done" },
    });
    await until(() => service.store.get(claim.body.continuationId)?.state === "delivered", "delivery");
    expect(synthesized).toEqual([]);
    expect(service.store.get(claim.body.continuationId)?.completionKind).toBe("origin_context_unavailable");
    expect(delivered[0]?.text).toContain("A background task started by ci has finished");
  });

  test("a capture route keeps the text; a silent route posts nothing and its origin is continuation-route:<name>", async () => {
    const { service, delivered } = await started({
      latestOriginMessages: () => [{ role: "user", text: "take notes" }],
      synthesize: async () => ({ text: "captured note" }),
    });
    const capture = await detachedClaim(service.url, claimBody("note-1", { route: "notes" }));
    const quiet = await detachedClaim(service.url, claimBody("quiet-1", { route: "quiet" }));
    expect(service.store.get(quiet.body.continuationId)).toMatchObject({
      originConversationId: "continuation-route:quiet",
      originRunId: "detached:ci:quiet-1",
      mode: "silent",
    });
    expect(service.store.get(quiet.body.continuationId)?.destinationConversationId).toBeUndefined();
    for (const claim of [capture, quiet])
      expect(
        (
          await request(claim.body.resultUrl, {
            token: claim.body.token,
            body: { idempotencyKey: "r", payload: 1 },
          })
        ).status,
      ).toBe(202);
    await until(
      () =>
        service.store.get(capture.body.continuationId)?.state === "delivered" &&
        service.store.get(quiet.body.continuationId)?.state === "delivered",
      "both settled",
    );
    expect(delivered).toEqual([]);
    expect(capturedContinuationText(service.store, capture.body.continuationId)).toBe("captured note");
    expect(service.store.get(quiet.body.continuationId)?.receipt).toMatchObject({ suppressed: true });
  });
});
