import type { ProgressReport } from "@mono-agent/mcp-env";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type InteractionBridge, startInteractionBridge } from "../src/node.js";
import { postProgress, slowPost } from "./fixtures/progress-client.js";

let bridge: InteractionBridge;
let delivered: ProgressReport[];

beforeEach(async () => {
  bridge = await startInteractionBridge();
  delivered = [];
});
afterEach(() => bridge.stop());

const issue = (conversationId = "slack:C1:1700000000.1#2026-07-12") =>
  bridge.issueProgressCapability({
    runId: "run-1",
    conversationId,
    onProgress: (report) => delivered.push(report),
  });

/** Waits (yielding to the event loop, no clock) until the bridge is reading one body. */
async function untilBodyReading(): Promise<void> {
  while (bridge.bodiesInFlight === 0) await new Promise((resolve) => setImmediate(resolve));
}

describe("the interaction bridge's POST /v1/progress", () => {
  test("a run's bearer posts progress: 202 {ok:true}, delivered to the run", async () => {
    const capability = issue();
    expect(capability.url).toBe(bridge.progressUrl);
    expect(capability.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const answer = await postProgress(
      capability.url,
      capability.token,
      JSON.stringify({ key: "k", message: "m" }),
    );
    expect(answer).toEqual({ status: 202, body: { ok: true } });
    expect(delivered).toEqual([{ key: "k", message: "m", state: "working" }]);
  });

  test("the destination comes from the bearer: another conversation is 403, another bucket of the same is fine", async () => {
    const { url, token } = issue();
    const post = (conversationId: string) =>
      postProgress(url, token, JSON.stringify({ key: "k", message: "m", conversationId }));
    expect((await post("slack:C2")).status).toBe(403);
    expect((await post("slack:C1:1700000000.1#2026-07-13")).status).toBe(202);
    expect((await post("slack:C1:1700000000.1")).status).toBe(202);
    expect(delivered).toHaveLength(2);
  });

  test("missing, unknown or revoked bearers are 401", async () => {
    const capability = issue();
    const body = JSON.stringify({ key: "k", message: "m" });
    expect((await postProgress(capability.url, undefined, body)).status).toBe(401);
    expect((await postProgress(capability.url, "not-a-token", body)).status).toBe(401);
    capability.release();
    expect((await postProgress(capability.url, capability.token, body)).status).toBe(401);
    const other = issue();
    bridge.releaseRun("run-1");
    expect((await postProgress(other.url, other.token, body)).status).toBe(401);
    expect(delivered).toEqual([]);
  });

  test("a bearer revoked while its body is still arriving is 401 once the body is read", async () => {
    const capability = issue();
    const slow = slowPost(capability.url, capability.token, JSON.stringify({ key: "k", message: "slow" }));
    await untilBodyReading();
    capability.release();
    const answer = await slow.finish();
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: {
        code: "invalid_progress_token",
        message: "missing, invalid, or revoked progress bearer token",
      },
    });
    expect(delivered).toEqual([]);
  });

  test("a 65 KiB body is 413; malformed JSON and bad fields are 400; unknown routes 404", async () => {
    const { url, token } = issue();
    const big = JSON.stringify({ key: "k", message: "x".repeat(65 * 1024) });
    expect((await postProgress(url, token, big)).status).toBe(413);
    expect((await postProgress(url, token, "{not json")).status).toBe(400);
    const missingKey = await postProgress(url, token, JSON.stringify({ message: "m" }));
    expect(missingKey.status).toBe(400);
    expect(JSON.stringify(missingKey.body)).toContain("key is missing");
    expect((await postProgress(`${bridge.url}/v1/asks`, token, "{}")).status).toBe(404);
    expect((await fetch(url)).status).toBe(405);
    expect(delivered).toEqual([]);
  });

  test("the master bearer must name a conversation and reaches its live runs only", async () => {
    issue("cli:default");
    const post = (fields: object) =>
      postProgress(
        bridge.progressUrl,
        bridge.masterToken,
        JSON.stringify({ key: "k", message: "m", ...fields }),
      );
    expect((await post({})).status).toBe(400);
    expect((await post({ conversationId: "cli:other" })).status).toBe(404);
    expect((await post({ conversationId: "cli:default", state: "done" })).status).toBe(202);
    expect(delivered).toEqual([{ key: "k", message: "m", state: "done", conversationId: "cli:default" }]);
  });
});
