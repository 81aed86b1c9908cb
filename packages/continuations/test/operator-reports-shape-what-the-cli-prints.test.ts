import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  type ContinuationStore,
  checkRetentionPolicy,
  continuationActionReport,
  continuationsHealthReport,
  continuationsListReport,
  openOperatorContinuationStore,
  parseDeliveryResolutionWords,
} from "../src/node.js";
import { claimBody, request, startTestService } from "./service-kit.js";

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe("continuations operator reports", () => {
  test("without a store: nothing to report, zero counts, no sweep, no records; nothing is created", async () => {
    const stateDir = join(mkdtempSync(join(tmpdir(), "mono-agent-continuations-")), "state");
    const retention = checkRetentionPolicy(undefined);
    expect(await openOperatorContinuationStore({ stateDir })).toBeUndefined();
    const health = continuationsHealthReport(undefined, { stateDir, retention });
    expect(health.text).toBe(`No continuation store yet (${stateDir}); nothing to report.\n`);
    expect(health.unhealthy).toBeUndefined();
    expect(health.json).toMatchObject({
      status: "healthy",
      retention: { policy: retention, lastSweep: null },
    });
    expect(continuationsListReport(undefined, { stateDir })).toEqual({
      text: `No continuation store yet (${stateDir}); nothing to report.\n`,
      json: { records: [] },
    });
  });

  test("health, a page with the next-page command, and an action's new state", async () => {
    const { service, stateDir, capability } = await startTestService({});
    closers.push(() => service.close());
    const ids: string[] = [];
    for (const taskKey of ["a", "b"])
      ids.push(
        (await request(capability.url, { token: capability.token, body: claimBody(taskKey) })).body
          .continuationId,
      );
    const store = (await openOperatorContinuationStore({ stateDir })) as ContinuationStore;
    closers.push(() => store.close());
    const retention = checkRetentionPolicy(undefined);
    const health = continuationsHealthReport(store, { stateDir, retention });
    expect(health.text.split("\n").slice(0, 2)).toEqual([
      expect.stringMatching(/^Continuations: (healthy|degraded)/),
      "claimed 2",
    ]);
    expect(health.json).toMatchObject({ counts: { claimed: 2 }, retention: { policy: retention } });
    const page = continuationsListReport(store, { stateDir, limit: 1 });
    const [first, more] = page.text.split("\n");
    expect(first).toMatch(
      new RegExp(`^(${ids.join("|")})  claimed  .* -> .*  server .*, task [ab], claimed \\d{4}-`),
    );
    expect(more).toMatch(/^More: mono-agent continuations list --cursor \S+$/);
    expect(
      continuationActionReport(store, { kind: "cancel", continuationId: ids[1] as string }),
    ).toMatchObject({
      text: `${ids[1]} is now cancelled.\n`,
      json: { record: { continuationId: ids[1], state: "cancelled" } },
    });
  });

  test("resolve words: delivered <deliveryId>, not-delivered or dead-lettered, nothing else", () => {
    expect(parseDeliveryResolutionWords(["delivered", "msg-1"])).toEqual({
      kind: "delivered",
      deliveryId: "msg-1",
    });
    expect(parseDeliveryResolutionWords(["not-delivered"])).toEqual({ kind: "not_delivered" });
    expect(parseDeliveryResolutionWords(["dead-lettered"])).toEqual({ kind: "dead_lettered" });
    for (const words of [
      [],
      ["delivered"],
      ["not-delivered", "x"],
      ["delivered", "a", "b"],
      ["not_delivered"],
    ])
      expect(parseDeliveryResolutionWords(words)).toBeUndefined();
  });
});
