import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe } from "../serve/serve-process.js";

/**
 * Two `mono-agent serve` processes on one PostgreSQL act as one agent: webhook runs of 20 conversations
 * sent alternately to both hosts keep every conversation's turns whole and in order, and 50 detached
 * continuations (claimed on one host, their results submitted to the other) are delivered exactly once,
 * even when one host is killed with SIGKILL while its syntheses are in flight.
 */
const CONVERSATIONS = 20;
const TURNS = 10;
const CONTINUATIONS = 50;
const HOOK_TOKEN = "hook-bearer-0123456789abcdef";
const CI_TOKEN = "ci-bearer-0123456789abcdef";
/** Short, so the surviving host takes over the killed host's records within the test. */
const LEASE_MS = 1_500;

let database: TestPostgres;
let model: ScriptedModelServer;
let db: pg.Pool;
const hosts: { serve: ServeProcess; folder: string; continuationsPort: number; webhookPort: number }[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startHost() {
  const [continuationsPort, webhookPort] = [await freePort(), await freePort()];
  const webhooks = Object.fromEntries(
    Array.from({ length: CONVERSATIONS }, (_, index) => [
      `c${index}`,
      {
        prompt: "Answer the event.",
        bearer: { $env: "HOOK_TOKEN" },
        destination: { conversationId: `cli:c${index}` },
        isolated: false,
      },
    ]),
  );
  const folder = makeWebAgentFolder(model.baseUrl, {
    storage: { postgres: { url: { $env: "DATABASE_URL" }, schema: "agent" } },
    continuations: {
      port: continuationsPort,
      limits: { leaseMs: LEASE_MS },
      namedRoutes: { jobs: { mode: "notify_if_actionable", conversationId: "cli:c0" } },
      detachedServices: [{ name: "ci", tokenEnv: "CI_TOKEN" }],
    },
    triggers: { webhookServer: { port: webhookPort }, webhooks },
  });
  const serve = await startServe(folder, {
    env: { DATABASE_URL: database.url, HOOK_TOKEN, CI_TOKEN },
  });
  const host = { serve, folder, continuationsPort, webhookPort };
  hosts.push(host);
  return host;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends one webhook event; a busy host (429: four webhook runs at once) is asked again once it has room. */
async function sendTurn(webhookPort: number, conversation: number, turn: number): Promise<void> {
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${webhookPort}/hooks/c${conversation}`, {
      method: "POST",
      headers: { authorization: `Bearer ${HOOK_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ event: `[say: c${conversation}-t${turn}]` }),
    });
    if (response.status === 202) return;
    expect(response.status).toBe(429);
    // Polled, not slept on: the host has room again once one of its four webhook runs ends.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function countMessages(conversation: number): Promise<number> {
  const { rows } = await db.query<{ value: number }>(
    "SELECT count(*)::int AS value FROM agent.conversation_messages WHERE conversation_id = $1",
    [`cli:c${conversation}`],
  );
  return rows[0]?.value ?? 0;
}

async function messagesOf(conversation: number): Promise<{ role: string; json: string }[]> {
  const { rows } = await db.query<{ role: string; message_json: string }>(
    "SELECT role, message_json FROM agent.conversation_messages WHERE conversation_id = $1 ORDER BY sequence",
    [`cli:c${conversation}`],
  );
  return rows.map((row) => ({ role: row.role, json: row.message_json }));
}

beforeAll(async () => {
  [database, model] = await Promise.all([startTestPostgres(), startScriptedModelServer()]);
  db = new pg.Pool({ connectionString: database.url, max: 4 });
  // pool.end() resolves before its clients' sockets close; the server stopping after it must not throw.
  db.on("error", () => {});
  await startHost();
  await startHost();
}, 120_000);

afterAll(async () => {
  for (const host of hosts) {
    await host.serve.stop();
    rmSync(host.folder, { recursive: true, force: true });
  }
  await db?.end();
  await model?.close();
  await database?.stop();
});

describe("two serve hosts on one PostgreSQL", () => {
  it("200 messages to 20 conversations, sent alternately to both hosts: every conversation's turns whole and in order", async () => {
    const [a, b] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
    await Promise.all(
      Array.from({ length: CONVERSATIONS }, async (_, conversation) => {
        // Two turns at once, one to each host; the next pair once both are answered.
        for (let turn = 0; turn < TURNS; turn += 2) {
          await Promise.all([
            sendTurn(a.webhookPort, conversation, turn),
            sendTurn(b.webhookPort, conversation, turn + 1),
          ]);
          await until(
            async () => (await countMessages(conversation)) >= 2 * (turn + 2),
            `turns ${turn} and ${turn + 1} of conversation ${conversation}`,
          );
        }
      }),
    );
    for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
      const messages = await messagesOf(conversation);
      expect(messages.map((message) => message.role)).toEqual(
        Array.from({ length: 2 * TURNS }, (_, index) => (index % 2 === 0 ? "user" : "assistant")),
      );
      const turns: number[] = [];
      for (let index = 0; index < messages.length; index += 2) {
        const asked = new RegExp(`\\[say: c${conversation}-t(\\d+)\\]`).exec(
          messages[index]?.json ?? "",
        )?.[1];
        const answered = JSON.parse(messages[index + 1]?.json ?? "{}").content?.[0]?.text;
        // Each answer directly follows its own question: no turn of another run in between.
        expect(answered).toBe(`c${conversation}-t${asked}`);
        turns.push(Number(asked));
      }
      // Pairs in the order they were sent (the two turns of one pair in either order).
      expect(turns.map((turn) => turn >> 1)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    }
    // 200 real runs: measured 160-170 s on a 2-core machine shared with other test runs.
  }, 480_000);

  it("50 continuations are delivered exactly once, and a host killed mid-synthesis leaves its records to the other", async () => {
    const [a, b] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
    const synthesesHeld = model.gate("synthesis");
    const claimed: string[] = [];
    for (let index = 0; index < CONTINUATIONS; index++) {
      const claimHost = index % 2 === 0 ? a : b;
      const resultHost = index % 2 === 0 ? b : a;
      const claim = await fetch(
        `http://127.0.0.1:${claimHost.continuationsPort}/v1/continuations/detached/claim`,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${CI_TOKEN}`,
            "x-mono-agent-service-name": "ci",
            "content-type": "application/json",
          },
          body: JSON.stringify({
            taskKey: `job-${index}`,
            taskHash: `hash-${index}`,
            deadline: new Date(Date.now() + 3_600_000).toISOString(),
            route: "jobs",
          }),
        },
      );
      expect(claim.status).toBe(200);
      const body = (await claim.json()) as { continuationId: string; resultUrl: string; token: string };
      claimed.push(body.continuationId);
      // The result goes to the other host: the token verifies there too (one signing secret in the database).
      const resultUrl = new URL(body.resultUrl);
      resultUrl.port = String(resultHost.continuationsPort);
      const result = await fetch(resultUrl, {
        method: "PUT",
        headers: { authorization: `Bearer ${body.token}`, "content-type": "application/json" },
        body: JSON.stringify({
          idempotencyKey: `result-${index}`,
          payload: { job: index, note: "[hold: synthesis]" },
        }),
      });
      expect(result.status).toBe(202);
    }
    await synthesesHeld.reached;
    const pidA = a.serve.child.pid as number;
    const leasedByA = async () =>
      (
        await db.query<{ id: string }>(
          "SELECT continuation_id AS id FROM agent.continuations WHERE lease_owner LIKE $1 AND state = 'synthesizing'",
          [`service:${pidA}:%`],
        )
      ).rows.map((row) => row.id);
    await until(async () => (await leasedByA()).length > 0, "host A synthesizing");
    const inFlightOnA = await leasedByA();
    a.serve.child.kill("SIGKILL");
    await new Promise((resolve) => a.serve.child.once("exit", resolve));
    synthesesHeld.release();
    await until(async () => {
      const { rows } = await db.query<{ value: number }>(
        "SELECT count(*)::int AS value FROM agent.continuations WHERE state = 'delivered'",
      );
      return rows[0]?.value === CONTINUATIONS;
    }, "every continuation delivered");
    const { rows: states } = await db.query<{ id: string; state: string; attempts: number }>(
      "SELECT continuation_id AS id, state, synthesis_attempts AS attempts FROM agent.continuations",
    );
    expect(states.map((row) => row.id).sort()).toEqual([...claimed].sort());
    expect(new Set(states.map((row) => row.state))).toEqual(new Set(["delivered"]));
    // The records host A held when it died were synthesized again by host B.
    for (const id of inFlightOnA) expect(states.find((row) => row.id === id)?.attempts).toBe(2);
    const { rows: deliveries } = await db.query<{ run_id: string; messages: number }>(
      "SELECT run_id, count(*)::int AS messages FROM agent.conversation_messages WHERE run_id LIKE 'continuation-%' GROUP BY run_id",
    );
    expect(deliveries.map((row) => row.run_id).sort()).toEqual(
      claimed.map((id) => `continuation-${id}`).sort(),
    );
    expect(deliveries.every((row) => row.messages === 1)).toBe(true);
    expect(b.serve.child.exitCode).toBeNull();
  }, 240_000);
});
