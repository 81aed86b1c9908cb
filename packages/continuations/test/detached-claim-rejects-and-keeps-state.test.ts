import { afterEach, describe, expect, test } from "vitest";
import { ContinuationError } from "../src/index.js";
import { startContinuationService } from "../src/node.js";
import { makeStateDir } from "./fixtures/host-kit.js";
import { claimBody, detachedClaim, request, SERVICE_TOKEN, startTestService } from "./service-kit.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function started(options: Parameters<typeof startTestService>[0] = {}) {
  const value = await startTestService({
    namedRoutes: {
      ops: { mode: "notify_if_actionable", conversationId: "cli:ops" },
      inbox: { mode: "capture", conversationId: "cli:inbox" },
    },
    detachedServices: [
      { name: "ci", token: SERVICE_TOKEN },
      { name: "backup", token: "backup-bearer-abcdefghijk" },
    ],
    ...options,
  });
  closers.push(() => value.service.close());
  return value;
}

describe("detached claims refuse bad requests and store nothing", () => {
  test("a wrong, missing or other service's bearer, or an unknown service name, is 401 invalid_service_capability", async () => {
    const { service } = await started();
    const body = claimBody("job", { route: "ops" });
    const attempts = [
      await detachedClaim(service.url, body, { token: "not-the-ci-bearer-at-all" }),
      await detachedClaim(service.url, body, { token: "" }),
      await detachedClaim(service.url, body, { token: "backup-bearer-abcdefghijk" }),
      await detachedClaim(service.url, body, { service: "nobody" }),
      await request(`${service.url}/v1/continuations/detached/claim`, { token: SERVICE_TOKEN, body }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(401);
      expect(attempt.body.error.code).toBe("invalid_service_capability");
      expect(attempt.headers.get("cache-control")).toBe("no-store");
      expect(attempt.body.error.message).not.toContain(SERVICE_TOKEN);
    }
    expect(service.store.list().records).toEqual([]);
  });

  test("no route is 400, an unknown route 403, an oversized body 413, a GET 405", async () => {
    const { service } = await started();
    const missing = await detachedClaim(service.url, claimBody("job"));
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("invalid_request");
    expect(missing.body.error.message).toContain("route");
    const unknown = await detachedClaim(service.url, claimBody("job", { route: "nowhere" }));
    expect(unknown.status).toBe(403);
    expect(unknown.body.error).toMatchObject({ code: "unknown_named_route" });
    expect(unknown.body.error.message).toContain("ops, inbox");
    const prototypeKey = await detachedClaim(service.url, claimBody("job", { route: "constructor" }));
    expect(prototypeKey.body.error.code).toBe("unknown_named_route");
    const big = await detachedClaim(
      service.url,
      claimBody("job", { route: "ops", taskHash: "h".repeat(17_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("body_too_large");
    const get = await request(`${service.url}/v1/continuations/detached/claim`, { method: "GET" });
    expect(get.status).toBe(405);
    expect(get.body.error.code).toBe("method_not_allowed");
    expect(service.store.list().records).toEqual([]);
  });

  test("the same claim replays; another hash, deadline or route is 409 claim_conflict", async () => {
    const { service } = await started();
    const body = claimBody("job-1", { route: "ops" });
    const first = await detachedClaim(service.url, body);
    const again = await detachedClaim(service.url, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      continuationId: first.body.continuationId,
      token: first.body.token,
      replayed: true,
    });
    for (const changed of [
      { ...body, taskHash: "other" },
      { ...body, route: "inbox" },
      { ...body, deadline: new Date(Date.parse(body.deadline) + 1_000).toISOString() },
    ]) {
      const conflict = await detachedClaim(service.url, changed);
      expect(conflict.status).toBe(409);
      expect(conflict.body.error.code).toBe("claim_conflict");
    }
    const otherService = await detachedClaim(service.url, body, {
      service: "backup",
      token: "backup-bearer-abcdefghijk",
    });
    expect(otherService.status).toBe(200);
    expect(otherService.body.continuationId).not.toBe(first.body.continuationId);
    expect(service.store.list().records).toHaveLength(2);
  });

  test("admission limits: per service and route (one fingerprint), then for the whole store", async () => {
    const { service } = await started({ limits: { maxActivePerOrigin: 1, maxActiveRecords: 2 } });
    expect((await detachedClaim(service.url, claimBody("a", { route: "ops" }))).status).toBe(200);
    const perOrigin = await detachedClaim(service.url, claimBody("b", { route: "ops" }));
    expect(perOrigin.status).toBe(429);
    expect(perOrigin.body.error.code).toBe("active_origin_limit");
    expect((await detachedClaim(service.url, claimBody("b", { route: "inbox" }))).status).toBe(200);
    const whole = await detachedClaim(service.url, claimBody("c", { route: "ops" }), {
      service: "backup",
      token: "backup-bearer-abcdefghijk",
    });
    expect(whole.status).toBe(429);
    expect(whole.body.error.code).toBe("active_continuation_limit");
    expect(
      service.store
        .list()
        .records.map((record) => record.taskKey)
        .sort(),
    ).toEqual(["a", "b"]);
  });

  test("a service with a short bearer, a bad name or twice is refused at start, naming the service only", async () => {
    const base = {
      port: 0,
      synthesizer: { synthesize: async () => ({ text: "" }) },
      channel: { accepts: () => true, deliver: async () => ({ deliveryId: "x", historyRecorded: true }) },
    };
    for (const detachedServices of [
      [{ name: "ci", token: "short-secret" }],
      [{ name: "has space", token: SERVICE_TOKEN }],
      [
        { name: "ci", token: SERVICE_TOKEN },
        { name: "ci", token: SERVICE_TOKEN },
      ],
    ]) {
      const error = await startContinuationService({
        ...base,
        stateDir: makeStateDir(),
        detachedServices,
      }).catch((caught: unknown) => caught);
      expect(ContinuationError.isInstance(error) && error.code).toBe("invalid_argument");
      expect((error as Error).message).not.toContain("short-secret");
    }
  });
});
