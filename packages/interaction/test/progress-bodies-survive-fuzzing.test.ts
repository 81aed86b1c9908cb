import { Agent, request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type InteractionBridge, startInteractionBridge } from "../src/node.js";
import { postProgress } from "./fixtures/progress-client.js";

/** Cases per fuzz property: thousands, as issue #16 asks, at about a millisecond each on loopback. */
const FUZZ_RUNS = 2_000;
/** A request that takes longer than this counts as a hang. */
const ANSWER_DEADLINE_MS = 5_000;

let bridge: InteractionBridge;
/** Kept-alive connections: a fuzz case costs about a millisecond (fetch costs several). */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` to the progress route with the run's bearer; the status and parsed JSON answer. */
function post(body: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(bridge.progressUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/v1/progress",
        method: "POST",
        agent,
        headers: { authorization: `Bearer ${token}`, "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
let token: string;
beforeAll(async () => {
  bridge = await startInteractionBridge();
  token = bridge.issueProgressCapability({
    runId: "run-1",
    conversationId: "cli:default",
    onProgress: () => {},
  }).token;
});
afterAll(async () => {
  agent.destroy();
  await bridge.stop();
});

/** Any value where a field goes: right and wrong types, long and control-character strings, deep values. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.constantFrom("working", "done", "failed", "cli:default", "cli:other#2026-01-01", ""),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Bodies a fuzzer would send: near-valid reports, any JSON, any text, deep nesting. */
const progressBody = fc.oneof(
  fc
    .record(
      {
        key: fieldValue,
        message: fieldValue,
        state: fieldValue,
        conversationId: fieldValue,
        extra: fieldValue,
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ unit: "binary", maxLength: 500 }),
  fc
    .tuple(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom("[", '{"a":'))
    .map(([depth, open]) => `${open.repeat(depth)}1${(open === "[" ? "]" : "}").repeat(depth)}`),
);

describe("POST /v1/progress under fuzzing", () => {
  test(`${FUZZ_RUNS} hostile bodies: each a typed 202/400/403/404 answer, no 500, no stack trace, no hang`, async () => {
    const before = process.memoryUsage().rss;
    const codes = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(progressBody, async (body) => {
        const answer = await Promise.race([
          post(body),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error("no answer: hang")), ANSWER_DEADLINE_MS).unref(),
          ),
        ]);
        expect([202, 400, 403, 404]).toContain(answer.status);
        const error = (answer.body as { error?: { code: unknown; message: unknown } }).error;
        if (answer.status !== 202) {
          expect(error?.code).toMatch(/^[a-z_]+$/);
          expect(String(error?.message)).not.toMatch(/\n\s+at |Error:/);
          codes.set(String(error?.code), (codes.get(String(error?.code)) ?? 0) + 1);
        }
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect([...codes.keys()].sort()).toEqual(
      expect.arrayContaining(["body_too_deep", "invalid_json", "invalid_progress_report"]),
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  test("a body nested 3,000 deep is 400 body_too_deep, not a 500", async () => {
    const answer = await postProgress(
      bridge.progressUrl,
      token,
      JSON.stringify({
        key: "k",
        message: "m",
        state: JSON.parse(`${"[".repeat(3_000)}${"]".repeat(3_000)}`),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: { code: "body_too_deep", message: expect.stringContaining("deeper than 64 levels") },
    });
  });

  test("a foreign Host header is 421 wrong_host before the bearer or the body are looked at", async () => {
    const { port } = new URL(bridge.progressUrl);
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/v1/progress",
          method: "POST",
          headers: { host: `evil.example:${port}`, authorization: `Bearer ${token}` },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => {
            text += chunk.toString("utf8");
          });
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      outgoing.on("error", reject);
      outgoing.end(JSON.stringify({ key: "k", message: "m" }));
    });
    expect(status.status).toBe(421);
    expect(JSON.parse(status.body)).toMatchObject({ error: { code: "wrong_host" } });
  });
});
