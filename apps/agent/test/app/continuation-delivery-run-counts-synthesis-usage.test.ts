import { readFileSync } from "node:fs";
import { join } from "node:path";
import { openRunStore } from "@mono-agent/run-history/sqlite";
import { afterEach, describe, expect, test } from "vitest";
import { agentRunStoreFile } from "../../src/app/run/run-recorder-observer.js";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { resolveModel } from "../../src/runtime/models.js";
import { call, freePort, makeAgentDir, waitFor } from "../fixtures/continuations/continuation-kit.js";
import { startOpenAICompatibleServer } from "../fixtures/openai-compatible/openai-compatible-server.js";

const CI_BEARER = "ci-runner-bearer-0123456789";
/** USD per million tokens of the priced test model: what pi-ai computes a turn's cost from. */
const PRICE = { input: 3, output: 15, cacheRead: 0, cacheWrite: 0 };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("the run record of a continuation delivery", () => {
  test("counts the synthesis turn's tokens and cost, as an ordinary run's record counts its turn", async () => {
    // Every completion of the scripted server reports 12 prompt and 7 completion tokens.
    const server = await startOpenAICompatibleServer([
      { text: "I will tell you when the nightly build breaks." },
      { text: "The nightly build broke in the lint step." },
    ]);
    cleanups.push(() => server.close());
    const resolved = resolveModel({
      modelRef: "scripted:priced",
      providers: { scripted: { baseUrl: server.baseUrl, apiKeyEnv: "SCRIPTED_KEY" } },
      env: { SCRIPTED_KEY: "not-checked" },
    });
    const port = await freePort();
    const dir = makeAgentDir();
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "scripted:priced" },
        continuations: {
          port,
          namedRoutes: { ops: { mode: "notify_if_actionable", conversationId: "cli:ops" } },
          detachedServices: [{ name: "ci", tokenEnv: "CI_RUNNER_TOKEN" }],
        },
      },
      cwd: dir,
      env: { PATH: process.env.PATH, CI_RUNNER_TOKEN: CI_BEARER },
      customModels: { "scripted:priced": { ...resolved, model: { ...resolved.model, cost: PRICE } } },
    });
    let closed = false;
    cleanups.push(() => (closed ? undefined : app.close()));
    const ordinary = await app.run({ input: "watch the nightly build", conversationId: "cli:ops" });
    expect(ordinary.status).toBe("succeeded");

    const claimed = await fetch(`http://127.0.0.1:${port}/v1/continuations/detached/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${CI_BEARER}`, "x-mono-agent-service-name": "ci" },
      body: JSON.stringify({
        taskKey: "nightly-8",
        taskHash: "h8",
        deadline: new Date(Date.now() + 3_600_000).toISOString(),
        route: "ops",
      }),
    });
    const claim = (await claimed.json()) as { continuationId: string; resultUrl: string; token: string };
    const submitted = await call(claim.resultUrl, {
      method: "PUT",
      token: claim.token,
      body: { idempotencyKey: "r1", payload: { step: "lint", status: "failed" } },
    });
    expect(submitted.status).toBe(202);
    const deliveryId = `continuation-${claim.continuationId}`;
    const operator = readFileSync(join(dir, ".mono-agent", "continuations", "operator.token"), "utf8").trim();
    await waitFor(async () => {
      const page = await call(`http://127.0.0.1:${port}/v1/operator/continuations`, {
        method: "GET",
        token: operator,
      });
      const [record] = page.body["records"] as { state: string }[];
      return record?.state === "delivered" ? record : undefined;
    }, "the delivery");
    expect(server.requests).toHaveLength(2);
    await app.close();
    closed = true;

    const runs = openRunStore({ file: agentRunStoreFile(app.loaded), readOnly: true });
    try {
      const delivery = await runs.getRun(deliveryId);
      const original = await runs.getRun(ordinary.runId);
      expect(delivery).toMatchObject({
        source: "continuation",
        finalOutput: "The nightly build broke in the lint step.",
      });
      expect(delivery?.usage).toMatchObject({ inputTokens: 12, outputTokens: 7, totalTokens: 19 });
      expect(delivery?.usage.costUsd).toBeCloseTo((12 * PRICE.input + 7 * PRICE.output) / 1_000_000, 12);
      expect(delivery?.usage).toEqual(original?.usage);
    } finally {
      await runs.close();
    }
  });
});
