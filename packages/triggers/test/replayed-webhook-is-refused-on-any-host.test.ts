import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody, WEBHOOK_TIMESTAMP_TOLERANCE_MS, type WebhookDeliveryStore } from "../src/index.js";
import { startWebhookServer, type WebhookServer } from "../src/node.js";
import { openPostgresWebhookDeliveryStore, TRIGGERS_POSTGRES_MIGRATIONS } from "../src/postgres.js";
import { openWebhookDeliveryStore } from "../src/sqlite.js";

const BEARER = "a-bearer-token-of-enough-length";
const SECRET = "a-signing-secret-of-enough-length";
const NOW = new Date(Date.UTC(2026, 11, 8, 9));

/** A webhook server ("host") with one signed route, over `deliveries`, counting the runs it starts. */
async function startHost(deliveries: WebhookDeliveryStore, timestampHeader?: string) {
  const runs: string[] = [];
  const server: WebhookServer = await startWebhookServer<string>({
    routes: [
      {
        name: "deploy",
        bearer: BEARER,
        signatureSecret: SECRET,
        signatureHeader: "x-hub-signature-256",
        ...(timestampHeader !== undefined ? { signatureTimestampHeader: timestampHeader } : {}),
        maxBodyBytes: 1024,
      },
    ],
    host: "127.0.0.1",
    port: 0,
    exposed: false,
    now: () => NOW,
    deliveries,
    run: async (_name, body) => {
      runs.push(body);
      return "ran";
    },
  });
  const url = server.urls()[0]?.url ?? "";
  const send = (body: string, headers: Record<string, string>) =>
    fetch(url, { method: "POST", body, headers: { authorization: `Bearer ${BEARER}`, ...headers } });
  return { runs, send, close: () => server.close() };
}

/** The headers of one captured call, as an attacker on the wire would copy them. */
async function capturedCall(body: string, timestamp?: string): Promise<Record<string, string>> {
  return {
    "x-hub-signature-256": await signWebhookBody(body, SECRET, timestamp),
    ...(timestamp !== undefined ? { "x-webhook-timestamp": timestamp } : {}),
  };
}

describe("a replayed webhook call", () => {
  it("is refused on the same host with or without a delivery id, and after a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replay-"));
    let store = openWebhookDeliveryStore(dir);
    let host = await startHost(store);
    const body = '{"ref":"main"}';
    const headers = await capturedCall(body);
    try {
      expect((await host.send(body, headers)).status).toBe(202);
      // The attack: the same call three times, no delivery id header.
      const extras: Record<string, string>[] = [{}, {}, { "x-github-delivery": "forged-new-id" }];
      for (const extra of extras) {
        const replay = await host.send(body, { ...headers, ...extra });
        expect(replay.status).toBe(200);
        expect(await replay.json()).toMatchObject({ duplicate: true, replayedSignature: true });
      }
      expect(host.runs).toEqual([body]);
    } finally {
      await host.close();
      await store.close();
    }
    store = openWebhookDeliveryStore(dir);
    host = await startHost(store);
    try {
      const replay = await host.send(body, headers);
      expect(await replay.json()).toMatchObject({ duplicate: true, replayedSignature: true });
      expect(host.runs).toEqual([]);
      // A new signed call (another body) still runs.
      expect((await host.send('{"ref":"next"}', await capturedCall('{"ref":"next"}'))).status).toBe(202);
      expect(host.runs).toEqual(['{"ref":"next"}']);
    } finally {
      await host.close();
      await store.close();
    }
  });

  it("with a signed timestamp: refused when stale, future, missing or altered; replayed in time, a duplicate", async () => {
    const store = openWebhookDeliveryStore(mkdtempSync(join(tmpdir(), "replay-")));
    const host = await startHost(store, "x-webhook-timestamp");
    const seconds = (offsetMs: number) => String(Math.floor((NOW.getTime() + offsetMs) / 1000));
    const body = '{"ref":"main"}';
    try {
      const fresh = await capturedCall(body, seconds(-1_000));
      expect((await host.send(body, fresh)).status).toBe(202);
      expect(await (await host.send(body, fresh)).json()).toMatchObject({ duplicate: true });
      const stale = await host.send(
        body,
        await capturedCall(body, seconds(-WEBHOOK_TIMESTAMP_TOLERANCE_MS - 2_000)),
      );
      expect(stale.status).toBe(401);
      expect(await stale.json()).toMatchObject({ error: { code: "invalid_timestamp" } });
      const future = await host.send(
        body,
        await capturedCall(body, seconds(WEBHOOK_TIMESTAMP_TOLERANCE_MS + 2_000)),
      );
      expect(future.status).toBe(401);
      const { "x-webhook-timestamp": _dropped, ...withoutTimestamp } = fresh;
      expect((await host.send(body, withoutTimestamp)).status).toBe(401);
      // The captured signature with a fresh timestamp pasted in: the signature no longer matches.
      const altered = await host.send(body, { ...fresh, "x-webhook-timestamp": seconds(0) });
      expect(altered.status).toBe(401);
      expect(await altered.json()).toMatchObject({ error: { code: "invalid_signature" } });
      // A body-only signature is refused on a route that signs timestamps.
      expect(
        (await host.send(body, { ...(await capturedCall(body)), "x-webhook-timestamp": seconds(0) })).status,
      ).toBe(401);
      expect(host.runs).toEqual([body]);
    } finally {
      await host.close();
      await store.close();
    }
  });
});

describe("a replayed webhook call on a second host sharing PostgreSQL", () => {
  let server: TestPostgres;
  const pools: PostgresPool[] = [];
  beforeAll(async () => {
    server = await startTestPostgres();
  }, 120_000);
  afterAll(async () => {
    for (const pool of pools) await pool.close();
    await server?.stop();
  });

  it("is refused there, and a delivery id taken on one host is a duplicate on the other", async () => {
    const openHostPool = () => {
      const pool = openPostgresPool({ url: server.url, schema: "replay_test" });
      pools.push(pool);
      return pool;
    };
    const first = openHostPool();
    const second = openHostPool();
    await Promise.all([
      migratePostgres(first, [TRIGGERS_POSTGRES_MIGRATIONS]),
      migratePostgres(second, [TRIGGERS_POSTGRES_MIGRATIONS]),
    ]);
    const hostA = await startHost(openPostgresWebhookDeliveryStore({ postgres: first }));
    const hostB = await startHost(openPostgresWebhookDeliveryStore({ postgres: second }));
    const body = '{"ref":"main"}';
    const headers = await capturedCall(body);
    try {
      expect((await hostA.send(body, { ...headers, "x-github-delivery": "d-1" })).status).toBe(202);
      const replay = await hostB.send(body, headers);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toMatchObject({ duplicate: true, replayedSignature: true });
      const other = '{"ref":"other"}';
      const otherHeaders = { ...(await capturedCall(other)), "x-github-delivery": "d-2" };
      const raced = await Promise.all([hostA.send(other, otherHeaders), hostB.send(other, otherHeaders)]);
      expect(raced.map((answer) => answer.status).sort()).toEqual([200, 202]);
      expect([...hostA.runs, ...hostB.runs].sort()).toEqual([body, other].sort());
    } finally {
      await hostA.close();
      await hostB.close();
    }
  });
});
