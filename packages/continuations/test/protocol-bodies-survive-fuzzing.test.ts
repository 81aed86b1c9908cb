import { Agent, request as httpRequest } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type ContinuationService, readOperatorToken } from "../src/node.js";
import { claimBody, clock, startTestService } from "./service-kit.js";

/** Cases per fuzz property: thousands, as issue #16 asks, at about a millisecond each on loopback. */
const FUZZ_RUNS = 2_000;
/** A request that takes longer than this counts as a hang. */
const ANSWER_DEADLINE_MS = 5_000;
/** Statuses the protocol answers (reference §7.2); a 500 is never one of them. */
const PROTOCOL_STATUSES = [200, 202, 400, 401, 403, 404, 405, 409, 410, 413, 429];

let service: ContinuationService;
let claimToken: string;
let operatorToken: string;
let claimed: { continuationId: string; resultUrl: string; token: string };
/** Kept-alive connections: a fuzz case costs about a millisecond (fetch costs several). */
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  body: { error?: { code: string; message: string } };
}

/** One request to the service; `host` replaces the Host header. */
function send(path: string, options: { method?: string; token: string; body?: string; host?: string }) {
  const { port } = new URL(service.url);
  return Promise.race([
    new Promise<Answer>((resolve, reject) => {
      const body = options.body ?? "";
      const outgoing = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path,
          method: options.method ?? "POST",
          agent,
          headers: {
            authorization: `Bearer ${options.token}`,
            "content-length": Buffer.byteLength(body),
            ...(options.host ? { host: options.host } : {}),
          },
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
    }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("no answer: hang")), ANSWER_DEADLINE_MS).unref(),
    ),
  ]);
}

/** The invariants of every answer: a protocol status, and for an error a typed code with a plain message. */
function expectTypedAnswer(answer: Answer, codes: Map<string, number>): void {
  expect(PROTOCOL_STATUSES).toContain(answer.status);
  if (answer.status >= 400) {
    const error = answer.body.error;
    expect(error?.code).toMatch(/^[a-z_]+$/);
    expect(String(error?.message)).not.toMatch(/\n\s+at |Error:/);
    codes.set(String(error?.code), (codes.get(String(error?.code)) ?? 0) + 1);
  }
}

/** Any value where a field goes: right and wrong types, long and control-character strings, deep values. */
const fieldValue = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom("", "delivered", "not_delivered", "dead_lettered", "nowhere", "sha256:00"),
  fc.jsonValue({ maxDepth: 4 }),
);

/** Deep nesting around a value: past the cap (64) and far past it. */
const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 5_000 }), fc.constantFrom("[", '{"a":'))
  .map(([depth, open]) => `${open.repeat(depth)}1${(open === "[" ? "]" : "}").repeat(depth)}`);

/** Bodies a fuzzer sends: objects of the route's fields with any values, any JSON, any text, deep nesting. */
function hostileBodies(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.record({ ...fields, extra: fieldValue }, { requiredKeys: [] }).map((body) => JSON.stringify(body)),
    fc.jsonValue().map((value) => JSON.stringify(value)),
    fc.string({ unit: "binary", maxLength: 500 }),
    deepJson,
    deepJson.map((deep) => `{"idempotencyKey":"k","payload":${deep}}`),
  );
}

beforeAll(async () => {
  const started = await startTestService({
    limits: { maxActivePerOrigin: 10_000, maxActiveRecords: 10_000 },
  });
  service = started.service;
  claimToken = started.capability.token;
  operatorToken = readOperatorToken(started.stateDir);
  const first = await fetch(started.capability.url, {
    method: "POST",
    headers: { authorization: `Bearer ${claimToken}` },
    body: JSON.stringify(claimBody("fuzz-target")),
  });
  claimed = (await first.json()) as typeof claimed;
});
afterAll(async () => {
  agent.destroy();
  await service.close();
});

describe("the continuation service under fuzzing", () => {
  test(`${FUZZ_RUNS} hostile claim bodies: typed answers only, no 500, no stack trace, no hang`, async () => {
    const codes = new Map<string, number>();
    const deadline = fc.oneof(
      fieldValue,
      fc.integer({ min: -86_400_000, max: 40 * 86_400_000 }).map((offset) => clock.now + offset),
      fc
        .integer({ min: 1, max: 40 * 86_400_000 })
        .map((offset) => new Date(clock.now + offset).toISOString()),
    );
    const before = process.memoryUsage().rss;
    await fc.assert(
      fc.asyncProperty(
        hostileBodies({ taskKey: fieldValue, taskHash: fieldValue, deadline, route: fieldValue }),
        async (body) =>
          expectTypedAnswer(await send("/v1/continuations/claim", { token: claimToken, body }), codes),
      ),
      { numRuns: FUZZ_RUNS },
    );
    expect([...codes.keys()]).toEqual(
      expect.arrayContaining(["body_too_deep", "invalid_json", "invalid_request"]),
    );
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * 1024 * 1024);
  });

  test(`${FUZZ_RUNS} hostile result bodies: typed answers only, and the record stays consistent`, async () => {
    const codes = new Map<string, number>();
    const path = new URL(claimed.resultUrl).pathname;
    await fc.assert(
      fc.asyncProperty(
        hostileBodies({ idempotencyKey: fieldValue, payloadHash: fieldValue, payload: fieldValue }),
        fc.constantFrom("PUT", "POST"),
        async (body, method) =>
          expectTypedAnswer(await send(path, { method, token: claimed.token, body }), codes),
      ),
      { numRuns: FUZZ_RUNS },
    );
    expect([...codes.keys()]).toEqual(expect.arrayContaining(["body_too_deep", "invalid_json"]));
    expect(service.store.get(claimed.continuationId)?.state).toBeDefined();
  });

  test(`${FUZZ_RUNS} hostile operator bodies and list queries: typed answers only`, async () => {
    const codes = new Map<string, number>();
    const action = fc.constantFrom("retry", "cancel", "resolve");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .tuple(
              action,
              hostileBodies({ kind: fieldValue, deliveryId: fieldValue, allowUnknown: fieldValue }),
            )
            .map(([name, body]) => ({
              path: `/v1/operator/continuations/${claimed.continuationId}/${name}`,
              body,
            })),
          fc
            .tuple(fc.string({ maxLength: 40 }), fc.string({ maxLength: 80 }), fc.string({ maxLength: 10 }))
            .map(([limit, cursor, other]) => ({
              path: `/v1/operator/continuations?${new URLSearchParams({ limit, cursor, ...(other ? { [other]: "1" } : {}) })}`,
              body: undefined,
            })),
        ),
        async ({ path, body }) =>
          expectTypedAnswer(
            await send(path, { method: body === undefined ? "GET" : "POST", token: operatorToken, body }),
            codes,
          ),
      ),
      { numRuns: FUZZ_RUNS },
    );
    expect([...codes.keys()]).toEqual(expect.arrayContaining(["body_too_deep", "invalid_argument"]));
  });

  test("a result nested 3,000 deep is 400 body_too_deep (it was a 500 internal_error) and stores nothing", async () => {
    const fresh = await send("/v1/continuations/claim", {
      token: claimToken,
      body: JSON.stringify(claimBody("deep-result")),
    });
    const { continuationId, resultUrl, token } = fresh.body as unknown as typeof claimed;
    const deep = `${"[".repeat(3_000)}${"]".repeat(3_000)}`;
    const answer = await send(new URL(resultUrl).pathname, {
      method: "PUT",
      token,
      body: `{"idempotencyKey":"k","payload":${deep}}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({
      code: "body_too_deep",
      message: expect.stringContaining("deeper than 64 levels"),
    });
    expect(service.store.get(continuationId)).toMatchObject({ state: "claimed" });
    expect(service.store.get(continuationId)?.result).toBeUndefined();
  });

  test("a foreign Host is 421 wrong_host on the claim, result and operator routes", async () => {
    const { port } = new URL(service.url);
    for (const host of ["evil.example", `evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      for (const [path, token] of [
        ["/v1/continuations/claim", claimToken],
        [new URL(claimed.resultUrl).pathname, claimed.token],
        ["/v1/operator/health", operatorToken],
      ] as const) {
        const answer = await send(path, {
          method: path.endsWith("health") ? "GET" : "POST",
          token,
          host,
          body: path.endsWith("health") ? undefined : "{}",
        });
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(answer.body.error?.code).toBe("wrong_host");
      }
    }
    const health = await send("/v1/operator/health", {
      method: "GET",
      token: operatorToken,
      host: `localhost:${port}`,
    });
    expect(health.status).toBe(200);
  });
});
