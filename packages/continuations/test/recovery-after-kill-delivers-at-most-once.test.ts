import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { openContinuationStore, resolveContinuationDelivery } from "../src/node.js";
import { deliveredRows, type Host, makeStateDir, startHost } from "./fixtures/host-kit.js";

const hosts: Host[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0))
    if (host.child.exitCode === null && host.child.signalCode === null) await host.kill9();
});

function start(stateDir: string, flags: string[] = []): Host {
  const host = startHost(stateDir, flags);
  hosts.push(host);
  return host;
}

async function post(url: string, token: string, body: unknown, method = "POST") {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** Claims during "the request", ends the run, submits the result: the host then works the record. */
async function claimAndSubmit(host: Host): Promise<string> {
  await host.next("ready");
  const capability = await host.next("capability");
  const claim = await post(capability.url as string, capability.token as string, {
    taskKey: "job-1",
    taskHash: "h1",
    deadline: new Date(Date.now() + 3_600_000).toISOString(),
  });
  expect(claim.status).toBe(200);
  host.send("end-run");
  await host.next("run-ended");
  const result = await post(
    claim.body.resultUrl as string,
    claim.body.token as string,
    {
      idempotencyKey: "r1",
      payload: { items: 42 },
    },
    "PUT",
  );
  expect(result.status).toBe(202);
  return claim.body.continuationId as string;
}

function record(stateDir: string, continuationId: string) {
  const store = openContinuationStore({ stateDir, mustExist: true });
  try {
    return store.get(continuationId);
  } finally {
    store.close();
  }
}

async function settled(stateDir: string, continuationId: string, state: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    const current = record(stateDir, continuationId);
    if (current?.state === state) return current;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`continuation ${continuationId} never reached ${state}`);
}

describe("kill -9 of the host", () => {
  test("while synthesizing: after restart the record is synthesized again and delivered once", async () => {
    const stateDir = makeStateDir();
    const first = start(stateDir, ["--issue", "--pause=synthesizing"]);
    const id = await claimAndSubmit(first);
    expect((await first.next("paused")).at).toBe("synthesizing");
    await first.kill9();
    expect(record(stateDir, id)?.state).toBe("synthesizing");

    const second = start(stateDir);
    expect((await second.next("ready")).recovery).toMatchObject({ resumedSyntheses: 1 });
    const delivered = await settled(stateDir, id, "delivered");
    expect(delivered.synthesisAttempts).toBe(2);
    expect(deliveredRows(stateDir)).toEqual([
      { delivery_id: `continuation-${id}`, text: 'summary of {"items":42}' },
    ]);
    // The first start died before the model call: exactly one synthesis produced text.
    expect(
      readFileSync(join(stateDir, "..", "syntheses.log"), "utf8")
        .trim()
        .split("\n"),
    ).toEqual([id]);
  });

  test("while delivering, with a channel that can tell: reconciled as delivered, never posted twice", async () => {
    const stateDir = makeStateDir();
    const first = start(stateDir, ["--issue", "--pause=delivering"]);
    const id = await claimAndSubmit(first);
    expect((await first.next("paused")).at).toBe("delivering");
    await first.kill9();
    expect(record(stateDir, id)).toMatchObject({ state: "ready_to_deliver" });
    expect(record(stateDir, id)?.deliveryStartedAtMs).toBeTypeOf("number");

    const second = start(stateDir);
    expect((await second.next("ready")).recovery).toMatchObject({ reconciledDeliveries: 1 });
    const delivered = await settled(stateDir, id, "delivered");
    expect(delivered.receipt).toMatchObject({ resolvedBy: "recovery", deliveryId: `continuation-${id}` });
    expect(deliveredRows(stateDir)).toHaveLength(1);
  });

  test("while delivering, with a channel that cannot tell: delivery_unknown, not posted again until an operator decides", async () => {
    const stateDir = makeStateDir();
    const first = start(stateDir, ["--issue", "--pause=delivering", "--no-lookup"]);
    const id = await claimAndSubmit(first);
    await first.next("paused");
    await first.kill9();

    const second = start(stateDir, ["--no-lookup"]);
    expect((await second.next("ready")).recovery).toMatchObject({ deliveryUnknown: 1 });
    expect(record(stateDir, id)).toMatchObject({
      state: "delivery_unknown",
      lastError: { code: "delivery_interrupted" },
    });
    expect(deliveredRows(stateDir)).toHaveLength(1);

    const store = openContinuationStore({ stateDir, mustExist: true });
    try {
      const resolved = resolveContinuationDelivery(store, id, {
        kind: "delivered",
        deliveryId: `continuation-${id}`,
      });
      expect(resolved.state).toBe("delivered");
      expect(resolved.receipt).toMatchObject({ resolvedBy: "operator" });
    } finally {
      store.close();
    }
    expect(deliveredRows(stateDir)).toHaveLength(1);
  });
});
