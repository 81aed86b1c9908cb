import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { AskRecord } from "../src/index.js";
import { ASK_LONG_POLL_MAX_MS } from "../src/node/ask-routes.js";
import { type InteractionBridge, startInteractionBridge } from "../src/node.js";
import {
  brokerInTempDir,
  type FakeClock,
  fakeClock,
  type RecordingChannel,
  recordingChannel,
  until,
} from "./fixtures/ask-test-kit.js";

/** `interaction.askUser.timeoutMs` of these tests. */
const CONFIGURED_TIMEOUT_MS = 600_000;

let bridge: InteractionBridge;
let clock: FakeClock;
let web: RecordingChannel;
let asks: ReturnType<typeof brokerInTempDir>;

beforeEach(async () => {
  clock = fakeClock();
  web = recordingChannel("web");
  asks = brokerInTempDir({ clock, channels: [web] });
  bridge = await startInteractionBridge({
    asks: { broker: asks.broker, askUserTimeoutMs: CONFIGURED_TIMEOUT_MS },
  });
});
afterEach(async () => {
  await bridge.stop();
  asks.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string } };
}

async function call(
  method: string,
  path: string,
  options: { token?: string | null; body?: string } = {},
): Promise<Answer> {
  const token = options.token === undefined ? bridge.masterToken : options.token;
  const response = await fetch(`${bridge.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

const question = {
  header: "Size",
  question: "Which size?",
  options: [{ label: "S" }, { label: "L", description: "the big one" }],
};
const newAsk = (fields: object = {}) =>
  JSON.stringify({ conversationId: "web:thread-1", questions: [question], ...fields });
const open = async (fields: object = {}) => {
  const answer = await call("POST", "/v1/asks", { body: newAsk(fields) });
  expect(answer.status).toBe(201);
  return answer.body as unknown as AskRecord;
};

describe("the interaction bridge's /v1/asks routes", () => {
  test("POST opens a question ask through the broker: stored, shown by the conversation's channel, answered like any other", async () => {
    const ask = await open({ message: "One thing first" });
    expect(ask).toMatchObject({ kind: "question", status: "pending", conversationId: "web:thread-1" });
    expect(asks.store.get(ask.askId)?.status).toBe("pending");
    await until(() => web.presented.length === 1);
    expect(web.presented[0]?.askId).toBe(ask.askId);
    const polled = call("GET", `/v1/asks/${ask.askId}?waitMs=20000`);
    await until(() => clock.armed().includes(20_000));
    asks.broker.answer(
      ask.askId,
      { kind: "question", via: "callback", answers: [{ header: "Size", selected: ["L"] }] },
      { channel: "web" },
    );
    const settled = await polled;
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({
      status: "answered",
      answer: { answers: [{ header: "Size", selected: ["L"] }] },
      answeredBy: { channel: "web" },
    });
    // Terminal snapshots are read once (reference §3.2): the poll above had it, a later GET is 404.
    const again = await call("GET", `/v1/asks/${ask.askId}`);
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: "ask_not_found" });
    expect(again.body.error?.message).toContain("read once");
    expect(asks.store.get(ask.askId)?.status).toBe("answered");
  });

  test("a settled ask read by a plain GET is read once too; a pending one reads any number of times", async () => {
    const ask = await open();
    for (let i = 0; i < 3; i++)
      expect((await call("GET", `/v1/asks/${ask.askId}`)).body.status).toBe("pending");
    asks.broker.cancel(ask.askId, "declined_by_host");
    expect((await call("GET", `/v1/asks/${ask.askId}`)).body.status).toBe("cancelled");
    expect((await call("GET", `/v1/asks/${ask.askId}`)).status).toBe(404);
    expect((await call("GET", `/v1/asks/${ask.askId}?waitMs=1000`)).status).toBe(404);
  });

  test("a channel that fails to show the ask: POST is 502 channel_failed, the ask is cancelled, the conversation free again", async () => {
    const failing: RecordingChannel = {
      ...recordingChannel("slack"),
      present: () => Promise.reject(new Error("An API error occurred: channel_not_found\u001b[31m")),
    };
    asks.broker.addChannel(failing);
    const refused = await call("POST", "/v1/asks", { body: newAsk({ conversationId: "slack:C1:1.2" }) });
    expect(refused.status).toBe(502);
    expect(refused.body.error?.code).toBe("channel_failed");
    expect(refused.body.error?.message).toContain("channel_not_found");
    expect(refused.body.error?.message).not.toContain("\u001b");
    expect(asks.store.listPending()).toEqual([]);
    // Nothing is left pending: the same conversation takes the next ask (from a channel that works).
    asks.broker.addChannel(recordingChannel("slack"));
    expect(
      (await call("POST", "/v1/asks", { body: newAsk({ conversationId: "slack:C1:1.2" }) })).status,
    ).toBe(201);
  });

  test("missing or wrong bearers are 401, a run's scoped progress bearer 403, on every route; nothing is opened", async () => {
    const ask = await open();
    const scoped = bridge.issueProgressCapability({
      runId: "run-1",
      conversationId: "web:thread-1",
      onProgress() {},
    });
    const routes: [string, string, string?][] = [
      ["POST", "/v1/asks", newAsk({ conversationId: "web:thread-2" })],
      ["GET", `/v1/asks/${ask.askId}`],
      ["PUT", `/v1/asks/${ask.askId}/presentation`, JSON.stringify({ presentation: { messageId: "1" } })],
      ["DELETE", `/v1/asks/${ask.askId}`],
    ];
    for (const [method, path, body] of routes) {
      const options = body === undefined ? {} : { body };
      expect((await call(method, path, { ...options, token: null })).status).toBe(401);
      const wrong = await call(method, path, { ...options, token: `${bridge.masterToken.slice(0, -1)}x` });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error?.code).toBe("invalid_bearer_token");
      const refused = await call(method, path, { ...options, token: scoped.token });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe("master_token_required");
    }
    expect(asks.store.listPending().map((item) => item.askId)).toEqual([ask.askId]);
    expect(asks.store.get(ask.askId)?.status).toBe("pending");
  });

  test("one pending ask per physical conversation: a second is 409, also from another rollover bucket", async () => {
    const first = await open({ conversationId: "web:thread-1#2026-07-12" });
    const second = await call("POST", "/v1/asks", {
      body: newAsk({ conversationId: "web:thread-1#2026-07-13" }),
    });
    expect(second.status).toBe(409);
    expect(second.body.error?.code).toBe("ask_pending");
    expect(second.body.error?.message).toContain(first.askId);
    expect(
      (await call("POST", "/v1/asks", { body: newAsk({ conversationId: "web:thread-2" }) })).status,
    ).toBe(201);
    expect((await call("POST", "/v1/asks", { body: newAsk({ conversationId: "telegram:42" }) })).status).toBe(
      503,
    );
  });

  test("bad bodies: over 64 KiB 413, deep JSON 400, malformed JSON read as {} (400 naming conversationId), bad fields 400; nothing stored", async () => {
    const big = await call("POST", "/v1/asks", { body: newAsk({ message: "x".repeat(65 * 1024) }) });
    expect(big.status).toBe(413);
    const deep = await call("POST", "/v1/asks", { body: `${"[".repeat(10_000)}${"]".repeat(10_000)}` });
    expect(deep.status).toBe(400);
    expect(deep.body.error?.code).toBe("body_too_deep");
    for (const body of ["{not json", "", "[1,2]", "null"]) {
      const malformed = await call("POST", "/v1/asks", { body });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error?.message).toContain("conversationId must be a conversation id");
    }
    const cases: [object, string][] = [
      [{ conversationId: "../etc" }, "conversationId"],
      [{ runId: "-bad run" }, "runId must be a run id"],
      [{ timeoutMs: -5 }, "timeoutMs must be a positive integer"],
      [{ questions: [] }, "questions must be an array of 1 to 5"],
      [{ questions: [{ ...question, options: [{ label: "only" }] }] }, "2 to 3"],
      [{ questions: [{ ...question, header: "a header too long" }] }, "at most 12"],
      [{ questions: [{ ...question, question: "bell\u0007" }] }, "control characters"],
      [{ extra: true }, 'unknown field "extra"'],
    ];
    for (const [fields, message] of cases) {
      const refused = await call("POST", "/v1/asks", { body: newAsk(fields) });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.error?.message).toContain(message);
    }
    expect(asks.store.listPending()).toEqual([]);
    expect(web.presented).toEqual([]);
  });

  test("a foreign Host is 421 before the bearer is looked at; unknown ids 404; unknown routes 404", async () => {
    const port = new URL(bridge.url).port;
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        `${bridge.url}/v1/asks`,
        {
          method: "POST",
          headers: { host: `attacker.example:${port}`, authorization: `Bearer ${bridge.masterToken}` },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      outgoing.end(newAsk());
    });
    expect(status).toBe(421);
    expect(asks.store.listPending()).toEqual([]);
    for (const [method, path] of [
      ["GET", "/v1/asks/nope"],
      ["GET", "/v1/asks/nope?waitMs=1000"],
      ["DELETE", "/v1/asks/nope"],
      ["PUT", "/v1/asks/nope/presentation"],
      ["GET", "/v1/asks/nope/other"],
      ["GET", "/v1/askz"],
    ] as const) {
      const answer = await call(method, path, method === "PUT" ? { body: "{}" } : {});
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
  });

  test(`the long-poll is capped at ${ASK_LONG_POLL_MAX_MS} ms and answers the pending ask when it runs out`, async () => {
    expect(ASK_LONG_POLL_MAX_MS).toBe(25_000);
    const ask = await open({ timeoutMs: 300_000 });
    const polled = call("GET", `/v1/asks/${ask.askId}?waitMs=600000`);
    await until(() => clock.armed().includes(ASK_LONG_POLL_MAX_MS));
    expect(clock.armed().sort()).toEqual([ASK_LONG_POLL_MAX_MS, 300_000]);
    clock.advance(ASK_LONG_POLL_MAX_MS);
    const answer = await polled;
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("pending");
    for (const waitMs of ["abc", "-1", "1.5"])
      expect((await call("GET", `/v1/asks/${ask.askId}?waitMs=${waitMs}`)).status).toBe(400);
  });

  test("DELETE while a long-poll waits: the poll answers cancelled, the channel takes the card down, DELETE again is the same snapshot", async () => {
    const ask = await open();
    const polled = call("GET", `/v1/asks/${ask.askId}?waitMs=20000`);
    await until(() => clock.armed().includes(20_000));
    const deleted = await call("DELETE", `/v1/asks/${ask.askId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ status: "cancelled", cancelReason: "declined_by_host" });
    expect((await polled).body).toMatchObject({ status: "cancelled" });
    await until(() => web.cancelled.length === 1);
    const again = await call("DELETE", `/v1/asks/${ask.askId}`);
    expect(again.body).toMatchObject({ status: "cancelled", settledAt: deleted.body.settledAt });
    expect(() =>
      asks.broker.answer(
        ask.askId,
        { kind: "question", via: "text", answers: [{ header: "Size", selected: [], text: "late" }] },
        { channel: "web" },
      ),
    ).toThrow(/already cancelled/);
  });

  test("PUT presentation is kept with the pending ask and shown in snapshots; bad or late ones are refused", async () => {
    const ask = await open();
    const put = (body: string) => call("PUT", `/v1/asks/${ask.askId}/presentation`, { body });
    const stored = await put(JSON.stringify({ presentation: { messageId: "42", chat: "C1" } }));
    expect(stored.status).toBe(200);
    expect(stored.body.presentation).toEqual({ messageId: "42", chat: "C1" });
    expect((await call("GET", `/v1/asks/${ask.askId}`)).body.presentation).toEqual({
      messageId: "42",
      chat: "C1",
    });
    expect((await put("{oops")).status).toBe(400);
    expect((await put(JSON.stringify({ presentation: "42" }))).status).toBe(400);
    expect((await put(JSON.stringify({ presentation: { blob: "x".repeat(5_000) } }))).status).toBe(400);
    await call("DELETE", `/v1/asks/${ask.askId}`);
    const late = await put(JSON.stringify({ presentation: { messageId: "43" } }));
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe("ask_not_pending");
  });

  test("a requested timeout is capped at interaction.askUser.timeoutMs; expiry settles the ask expired", async () => {
    const ask = await open({ timeoutMs: 10 * CONFIGURED_TIMEOUT_MS });
    expect(ask.expiresAt).toBe(clock.now() + CONFIGURED_TIMEOUT_MS);
    const short = await open({ conversationId: "web:thread-2", timeoutMs: 1_000 });
    expect(short.expiresAt).toBe(clock.now() + 1_000);
    clock.advance(CONFIGURED_TIMEOUT_MS);
    expect((await call("GET", `/v1/asks/${ask.askId}`)).body.status).toBe("expired");
    expect((await call("GET", `/v1/asks/${short.askId}`)).body.status).toBe("expired");
  });
});
