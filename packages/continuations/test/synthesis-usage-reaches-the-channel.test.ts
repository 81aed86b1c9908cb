import { afterEach, describe, expect, test } from "vitest";
import {
  buildOriginContextSnapshot,
  type ContinuationDeliveryOrigin,
  type SynthesisUsage,
} from "../src/index.js";
import { openContinuationStore } from "../src/node.js";
import { recoverContinuations } from "../src/node/recover-continuations.js";
import { claimBody, request, startTestService, until } from "./service-kit.js";

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const USAGE: SynthesisUsage = { inputTokens: 1_200, outputTokens: 80, totalTokens: 1_280, costUsd: 0.0042 };

describe("the synthesis turn's usage", () => {
  test("is kept on the record with the text and handed to the channel; an invalid one is dropped", async () => {
    const usages: (SynthesisUsage | undefined)[] = [];
    const { service, capability, stateDir } = await startTestService({
      synthesize: async ({ payload }) => ({
        text: `done ${String(payload)}`,
        usage: payload === "bad" ? { ...USAGE, costUsd: Number.NaN } : USAGE,
      }),
      deliver: async (delivery) => {
        usages.push(delivery.synthesisUsage);
        return { deliveryId: delivery.deliveryId, historyRecorded: true };
      },
    });
    closers.push(() => service.close());
    const claims = [];
    for (const key of ["good", "bad"])
      claims.push((await request(capability.url, { token: capability.token, body: claimBody(key) })).body);
    await service.closeRunClaims("run-1");
    for (const [index, claim] of claims.entries())
      await request(claim.resultUrl, {
        token: claim.token,
        body: { idempotencyKey: "k", payload: index === 0 ? "good" : "bad" },
      });
    const ids = claims.map((claim) => claim.continuationId);
    service.finalizeOriginContext(
      "run-1",
      buildOriginContextSnapshot("cli:one", "run-1", [{ role: "user", text: "start" }]),
    );
    service.activateOriginContext("run-1");
    const [good = "", bad = ""] = ids;
    await until(() => ids.every((id) => service.store.get(id)?.state === "delivered"), "both delivered");
    expect(service.store.get(good)?.synthesisUsage).toEqual(USAGE);
    expect(service.store.get(bad)?.synthesisUsage).toBeUndefined();
    expect(usages).toContainEqual(USAGE);
    expect(usages).toContainEqual(undefined);

    // A delivery interrupted by a crash: recovery asks the channel with the usage, for its run record.
    await service.close();
    const store = openContinuationStore({ stateDir });
    closers.push(() => store.close());
    store.update(
      good,
      ["delivered"],
      { state: "ready_to_deliver", deliveryStartedAtMs: Date.now() },
      {
        now: Date.now(),
      },
    );
    const origins: (ContinuationDeliveryOrigin | undefined)[] = [];
    await recoverContinuations({
      store,
      now: Date.now(),
      channel: {
        accepts: () => true,
        deliver: async () => {
          throw new Error("not asked");
        },
        lookupDelivery: async (deliveryId, _conversationId, origin) => {
          origins.push(origin);
          return { deliveryId, historyRecorded: true };
        },
      },
    });
    expect(origins).toEqual([{ serverName: "jobs", originRunId: "run-1", synthesisUsage: USAGE }]);
    expect(store.get(good)?.state).toBe("delivered");
  });
});
