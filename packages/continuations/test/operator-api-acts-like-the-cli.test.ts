import { readFileSync, statSync } from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { readOperatorToken } from "../src/node.js";
import { claimBody, request, startTestService, until } from "./service-kit.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function started(options: Parameters<typeof startTestService>[0] = {}) {
  const value = await startTestService(options);
  closers.push(() => value.service.close());
  const operator = readOperatorToken(value.stateDir);
  const api = (path: string, init: { method?: string; body?: unknown; raw?: string; token?: string } = {}) =>
    request(`${value.service.url}/v1/operator${path}`, {
      method: init.method ?? "GET",
      token: init.token ?? operator,
      ...(init.body !== undefined ? { body: init.body } : {}),
      ...(init.raw !== undefined ? { raw: init.raw } : {}),
    });
  const claim = async (taskKey: string) =>
    (await request(value.capability.url, { token: value.capability.token, body: claimBody(taskKey) })).body;
  return { ...value, operator, api, claim };
}

describe("the operator API", () => {
  test("the bearer is in <stateDir>/operator.token (0600), derived from the state secret", async () => {
    const { service, stateDir, operator } = await started();
    expect(service.operatorTokenFile).toBe(`${stateDir}/operator.token`);
    expect(statSync(service.operatorTokenFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(service.operatorTokenFile, "utf8").trim()).toBe(operator);
    expect(operator).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test("a wrong or missing bearer is 401 invalid_operator_capability, and changes nothing", async () => {
    const { service, api, claim } = await started();
    const record = await claim("job");
    for (const token of ["", "not-the-operator-token", record.token]) {
      for (const [path, method] of [
        ["/health", "GET"],
        ["/continuations", "GET"],
        [`/continuations/${record.continuationId}/cancel`, "POST"],
        [`/continuations/${record.continuationId}/resolve`, "POST"],
        ["/nowhere", "DELETE"],
      ] as const) {
        const answer = await api(path, { method, token, ...(method === "POST" ? { body: {} } : {}) });
        expect(answer.status).toBe(401);
        expect(answer.body.error.code).toBe("invalid_operator_capability");
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      }
    }
    expect(service.store.get(record.continuationId)?.state).toBe("claimed");
  });

  test("health and keyset pages (default limits.operatorPageSize, max 500, cursor)", async () => {
    const { api, claim } = await started({ limits: { operatorPageSize: 2 } });
    const ids = [];
    for (const key of ["a", "b", "c"]) ids.push((await claim(key)).continuationId);
    const health = await api("/health");
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: "healthy", counts: { claimed: 3 } });
    expect(health.body.retention).toMatchObject({
      policy: { terminalMaxRecords: 50_000, capturedTextMaxRecords: 1_000 },
      lastSweep: { deletedRecords: 0, scrubbedCapturedTexts: 0 },
    });
    const first = await api("/continuations");
    const records = first.body.records as { continuationId: string }[];
    expect(records).toHaveLength(2);
    const second = await api(`/continuations?cursor=${first.body.nextCursor}`);
    expect(
      [...records, ...(second.body.records as typeof records)].map((r) => r.continuationId).sort(),
    ).toEqual([...ids].sort());
    expect(second.body.nextCursor).toBeUndefined();
    expect((await api("/continuations?limit=3")).body.records).toHaveLength(3);
    for (const query of ["limit=501", "limit=0", "limit=ten", "cursor=%21%21", "order=desc"]) {
      const bad = await api(`/continuations?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code, query).toBe("invalid_argument");
    }
    expect((await api("/health", { method: "POST", body: {} })).status).toBe(405);
    expect((await api("/continuations", { method: "DELETE" })).body.error.code).toBe("method_not_allowed");
    expect((await api("/records")).body.error.code).toBe("not_found");
  });

  test("cancel, retry and resolve go through the CLI's actions, with their errors", async () => {
    const { service, api, claim } = await started();
    const job = await claim("job");
    const unknown = await api("/continuations/00000000-0000-4000-8000-000000000000/cancel", {
      method: "POST",
      body: {},
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("unknown_continuation");
    const retryClaimed = await api(`/continuations/${job.continuationId}/retry`, { method: "POST", raw: "" });
    expect(retryClaimed.status).toBe(409);
    expect(retryClaimed.body.error.code).toBe("invalid_transition");
    const badBody = await api(`/continuations/${job.continuationId}/retry`, {
      method: "POST",
      body: { allowUnknown: "yes" },
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body.error.code).toBe("invalid_request");
    expect((await api(`/continuations/${job.continuationId}/cancel`, { method: "GET" })).status).toBe(405);
    const cancelled = await api(`/continuations/${job.continuationId}/cancel`, { method: "POST", raw: "" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.record).toMatchObject({ continuationId: job.continuationId, state: "cancelled" });
    expect(service.store.get(job.continuationId)?.state).toBe("cancelled");
    const again = await api(`/continuations/${job.continuationId}/cancel`, { method: "POST", body: {} });
    expect(again.body.error.code).toBe("invalid_transition");
  });

  test("a delivery_unknown record: a bad resolution is 400 invalid_resolution; retry needs allowUnknown; resolve settles it", async () => {
    let hang = true;
    const deliveries: string[] = [];
    const { service, api, claim } = await started({
      limits: { deliveryTimeoutMs: 50 },
      deliver: async (delivery) => {
        if (hang) return new Promise(() => {});
        deliveries.push(delivery.conversationId);
        return { deliveryId: delivery.deliveryId, historyRecorded: true };
      },
    });
    const job = await claim("job");
    const second = await claim("second");
    await service.closeRunClaims("run-1");
    service.abandonOriginContext("run-1");
    await request(job.resultUrl, { token: job.token, body: { idempotencyKey: "k", payload: 1 } });
    await until(
      () => service.store.get(job.continuationId)?.state === "delivery_unknown",
      "delivery_unknown",
    );
    expect((await api("/health")).body.status).toBe("unhealthy");
    const path = `/continuations/${job.continuationId}`;
    for (const body of [
      { kind: "maybe" },
      { kind: "delivered" },
      { kind: "not_delivered", deliveryId: "x" },
    ]) {
      const bad = await api(`${path}/resolve`, { method: "POST", body });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("invalid_resolution");
      expect(bad.body.error.message).toContain("not_delivered");
    }
    expect(service.store.get(job.continuationId)?.state).toBe("delivery_unknown");
    const refused = await api(`${path}/retry`, { method: "POST", body: {} });
    expect(refused.body.error.code).toBe("invalid_transition");
    const resolved = await api(`${path}/resolve`, {
      method: "POST",
      body: { kind: "delivered", deliveryId: "seen-in-chat" },
    });
    expect(resolved.body.record).toMatchObject({
      state: "delivered",
      receipt: { deliveryId: "seen-in-chat", resolvedBy: "operator" },
    });
    await request(second.resultUrl, { token: second.token, body: { idempotencyKey: "k", payload: 2 } });
    await until(
      () => service.store.get(second.continuationId)?.state === "delivery_unknown",
      "second unknown",
    );
    hang = false;
    const retried = await api(`/continuations/${second.continuationId}/retry`, {
      method: "POST",
      body: { allowUnknown: true },
    });
    expect(retried.status).toBe(200);
    await until(() => service.store.get(second.continuationId)?.state === "delivered", "redelivered");
    expect(deliveries).toEqual(["cli:one"]);
  });
});
