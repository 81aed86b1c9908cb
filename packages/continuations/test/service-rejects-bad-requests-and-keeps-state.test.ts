import { statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { ContinuationError } from "../src/index.js";
import { continuationStoreFile, startContinuationService } from "../src/node.js";
import { makeStateDir } from "./fixtures/host-kit.js";
import { claimBody, clock, request, startTestService } from "./service-kit.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function started(options: Parameters<typeof startTestService>[0] = {}) {
  const value = await startTestService(options);
  closers.push(() => value.service.close());
  return value;
}

describe("the continuation endpoints", () => {
  test("oversized and unauthorized claims are rejected and store nothing", async () => {
    const { service, capability } = await started();
    const big = await request(capability.url, {
      token: capability.token,
      body: claimBody("big", { taskHash: "x".repeat(17 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("body_too_large");
    expect(big.headers.get("cache-control")).toBe("no-store");
    expect(big.headers.get("x-content-type-options")).toBe("nosniff");
    const wrong = await request(capability.url, { token: "not-the-token", body: claimBody("a") });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe("invalid_claim_capability");
    const invalid = await request(capability.url, {
      token: capability.token,
      body: claimBody("a", { deadline: "yesterday" }),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain("deadline");
    expect(service.store.list().records).toEqual([]);
  });

  test("a result with another continuation's token, an oversized result or a wrong hash changes nothing", async () => {
    const { service, capability } = await started();
    const first = (await request(capability.url, { token: capability.token, body: claimBody("a") })).body;
    const second = (await request(capability.url, { token: capability.token, body: claimBody("b") })).body;
    const crossed = await request(first.resultUrl, {
      method: "PUT",
      token: second.token,
      body: { idempotencyKey: "k", payload: 1 },
    });
    expect(crossed.status).toBe(401);
    expect(crossed.body.error.code).toBe("invalid_result_token");
    const oversized = await request(first.resultUrl, {
      method: "PUT",
      token: first.token,
      body: { idempotencyKey: "k", payload: "x".repeat(257 * 1024) },
    });
    expect(oversized.status).toBe(413);
    const mismatch = await request(first.resultUrl, {
      token: first.token,
      body: { idempotencyKey: "k", payload: { a: 1 }, payloadHash: "sha256:00" },
    });
    expect(mismatch.body.error.code).toBe("payload_hash_mismatch");
    const missing = await request(first.resultUrl, { token: first.token, body: { idempotencyKey: "k" } });
    expect(missing.body.error.code).toBe("missing_payload");
    const status = await request(first.statusUrl, { method: "GET", token: first.token });
    expect(status.body).toMatchObject({ state: "claimed", attempts: { synthesis: 0, delivery: 0 } });
    expect(service.store.get(first.continuationId)?.result).toBeUndefined();
    expect((await request(first.statusUrl, { method: "GET", token: second.token })).status).toBe(401);
  });

  test("a result past the deadline expires the record with 410 continuation_expired", async () => {
    const { service, capability } = await started();
    const claim = (await request(capability.url, { token: capability.token, body: claimBody("late") })).body;
    clock.now += 61_000;
    try {
      const late = await request(claim.resultUrl, {
        token: claim.token,
        body: { idempotencyKey: "k", payload: 1 },
      });
      expect(late.status).toBe(410);
      expect(late.body.error.code).toBe("continuation_expired");
      expect(service.store.get(claim.continuationId)?.state).toBe("expired");
      const again = await request(claim.resultUrl, {
        token: claim.token,
        body: { idempotencyKey: "k", payload: 1 },
      });
      expect(again.status).toBe(410);
    } finally {
      clock.now -= 61_000;
    }
  });

  test("admission limits per origin, unknown routes, released capabilities", async () => {
    const { capability } = await started({ limits: { maxActivePerOrigin: 1 } });
    expect((await request(capability.url, { token: capability.token, body: claimBody("a") })).status).toBe(
      200,
    );
    const second = await request(capability.url, { token: capability.token, body: claimBody("b") });
    expect(second.status).toBe(429);
    expect(second.body.error.code).toBe("active_origin_limit");
    const route = await request(capability.url, {
      token: capability.token,
      body: claimBody("c", { route: "nowhere" }),
    });
    expect(route.status).toBe(403);
    expect(route.body.error.code).toBe("unknown_named_route");
    capability.release();
    expect((await request(capability.url, { token: capability.token, body: claimBody("a") })).status).toBe(
      401,
    );
  });

  test("unknown routes are 404, wrong methods 405", async () => {
    const { service, capability } = await started();
    expect((await request(`${service.url}/v1/other`, { method: "GET" })).body.error.code).toBe("not_found");
    expect((await request(capability.url, { method: "GET" })).status).toBe(405);
  });

  test("the state is private and owned by one process; a non-loopback host is refused", async () => {
    const { stateDir } = await started();
    expect(statSync(stateDir).mode & 0o777).toBe(0o700);
    expect(statSync(continuationStoreFile(stateDir)).mode & 0o777).toBe(0o600);
    expect(statSync(join(stateDir, "secret.key")).mode & 0o777).toBe(0o600);
    const options = {
      port: 0,
      synthesizer: { synthesize: async () => ({ text: "" }) },
      channel: { accepts: () => true, deliver: async () => ({ deliveryId: "x", historyRecorded: true }) },
    };
    const locked = await startContinuationService({ ...options, stateDir }).catch((error: unknown) => error);
    expect(ContinuationError.isInstance(locked) && locked.code).toBe("store_locked");
    const remote = await startContinuationService({
      ...options,
      stateDir: makeStateDir(),
      host: "0.0.0.0",
    }).catch((error: unknown) => error);
    expect(ContinuationError.isInstance(remote) && remote.code).toBe("invalid_argument");
  });
});
