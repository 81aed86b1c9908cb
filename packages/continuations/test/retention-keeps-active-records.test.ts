import { afterEach, describe, expect, test } from "vitest";
import { buildOriginContextSnapshot } from "../src/index.js";
import { cancelContinuation } from "../src/node.js";
import { capturedContinuationText } from "../src/node/operator-actions.js";
import {
  claimBody,
  clock,
  detachedClaim,
  request,
  SERVICE_TOKEN,
  startTestService,
  until,
} from "./service-kit.js";

const DAY_MS = 24 * 60 * 60 * 1000;

const closers: (() => Promise<void>)[] = [];
const startClock = clock.now;
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  clock.now = startClock;
});

async function started(options: Parameters<typeof startTestService>[0] = {}) {
  const value = await startTestService(options);
  closers.push(() => value.service.close());
  return value;
}

describe("retention of finished records", () => {
  test("deletes the oldest finished records past the count and age limits, never an active one", async () => {
    const { service, capability, stateDir } = await started({
      retention: { terminalMaxRecords: 2, terminalMaxAgeMs: 10 * DAY_MS },
      synthesize: async ({ payload }) => {
        if (payload === "boom") throw new Error("the model failed");
        return { text: "ok" };
      },
    });
    const claim = async (taskKey: string, fields: Record<string, unknown> = {}) =>
      (await request(capability.url, { token: capability.token, body: claimBody(taskKey, fields) })).body;
    const failing = await claim("a");
    const settledOld = await claim("b");
    const settledNew = await claim("c");
    const live = await claim("live", { deadline: new Date(clock.now + 29 * DAY_MS).toISOString() });
    await service.closeRunClaims("run-1");
    service.finalizeOriginContext(
      "run-1",
      buildOriginContextSnapshot("cli:one", "run-1", [{ role: "user", text: "start" }]),
    );
    service.activateOriginContext("run-1");
    const contextHash = service.store.get(live.continuationId)?.originContextHash as string;
    await request(failing.resultUrl, {
      token: failing.token,
      body: { idempotencyKey: "k", payload: "boom" },
    });
    await until(() => service.store.get(failing.continuationId)?.state === "dead_lettered", "dead letter");
    clock.now += 1_000;
    cancelContinuation(service.store, settledOld.continuationId, clock.now);
    clock.now += 1_000;
    cancelContinuation(service.store, settledNew.continuationId, clock.now);

    const byCount = service.sweepRetention();
    expect(byCount).toMatchObject({ deletedRecords: 1, releasedOriginContexts: 0 });
    // Past the count, settled records go before those an operator may still act on (dead_lettered).
    expect(service.store.get(settledOld.continuationId)).toBeUndefined();
    expect(service.store.get(failing.continuationId)?.state).toBe("dead_lettered");
    expect(service.store.get(failing.continuationId)?.originContextHash).toBe(contextHash);
    expect(service.store.get(settledNew.continuationId)?.originContextState).toBe("scrubbed");
    expect(service.store.get(live.continuationId)?.state).toBe("claimed");

    clock.now += 11 * DAY_MS;
    const byAge = service.sweepRetention();
    expect(byAge.deletedRecords).toBe(2);
    expect(service.store.list().records.map((record) => record.taskKey)).toEqual(["live"]);
    expect(service.store.originContext(contextHash)).toBeDefined();

    cancelContinuation(service.store, live.continuationId, clock.now);
    expect(service.sweepRetention()).toMatchObject({ deletedRecords: 0, releasedOriginContexts: 1 });
    expect(service.store.originContext(contextHash)).toBeUndefined();
    expect(service.lastRetention?.sweptAt).toBe(new Date(clock.now).toISOString());

    await service.close();
    clock.now += 1_000;
    const restarted = await started({ stateDir, retention: { terminalMaxRecords: 1, terminalMaxAgeMs: 1 } });
    expect(restarted.service.lastRetention).toMatchObject({ deletedRecords: 1 });
    expect(restarted.service.store.list().records).toEqual([]);
  });

  test("scrubs captured text past its count and age limits; the records stay", async () => {
    const { service } = await started({
      namedRoutes: { notes: { mode: "capture", conversationId: "cli:notes" } },
      detachedServices: [{ name: "ci", token: SERVICE_TOKEN }],
      latestOriginMessages: () => [{ role: "user", text: "keep notes" }],
      synthesize: async ({ payload }) => ({ text: `note ${String(payload)}` }),
      retention: { capturedTextMaxRecords: 1, capturedTextMaxAgeMs: DAY_MS },
    });
    const ids: string[] = [];
    for (const key of ["n1", "n2", "n3"]) {
      const claim = (await detachedClaim(service.url, claimBody(key, { route: "notes" }))).body;
      await request(claim.resultUrl, { token: claim.token, body: { idempotencyKey: "k", payload: key } });
      await until(() => service.store.get(claim.continuationId)?.state === "delivered", `${key} captured`);
      ids.push(claim.continuationId);
      clock.now += 1_000;
    }
    expect(service.sweepRetention()).toMatchObject({ deletedRecords: 0, scrubbedCapturedTexts: 2 });
    expect(ids.map((id) => capturedContinuationText(service.store, id))).toEqual([
      undefined,
      undefined,
      "note n3",
    ]);
    expect(service.store.get(ids[0] as string)?.receipt).toMatchObject({
      captured: true,
      textScrubbedAt: new Date(clock.now).toISOString(),
    });
    clock.now += 2 * DAY_MS;
    expect(service.sweepRetention().scrubbedCapturedTexts).toBe(1);
    expect(capturedContinuationText(service.store, ids[2] as string)).toBeUndefined();
    expect(service.store.list().records).toHaveLength(3);
  });
});
