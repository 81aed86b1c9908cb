import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import {
  adapterSendIdempotencyKey,
  ChannelError,
  type ChannelRunRequest,
  createChannelInbox,
  parseAdapterSendIdempotencyKey,
} from "../src/index.js";
import { createSqliteEventDedupeStore } from "../src/sqlite.js";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

test("a repeated event id starts no second run, also after a restart on the same file", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "channel-kit-")), "events.sqlite");
  const requests: ChannelRunRequest[] = [];
  const app = {
    run: async (request: ChannelRunRequest) => {
      requests.push(request);
      return { runId: "r", status: "succeeded", finalText: "ok" };
    },
  };
  const reply = { onEvent() {}, settled: async () => {} };
  const message = {
    eventKey: "slack:Ev1",
    logicalConversationId: "slack:C1:1.1",
    input: "hi",
    source: "slack",
    reply,
  };
  const first = createChannelInbox({
    app,
    dedupe: createSqliteEventDedupeStore({ file }),
    session: { rollover: "none" },
  });
  expect(await first.accept(message)).toBe("accepted");
  expect(await first.accept(message)).toBe("duplicate");
  await first.close();
  const again = createChannelInbox({
    app,
    dedupe: createSqliteEventDedupeStore({ file }),
    session: { rollover: "none" },
  });
  expect(await again.accept(message)).toBe("duplicate");
  await again.close();
  expect(requests.map((request) => request.conversationId)).toEqual(["slack:C1:1.1"]);
});

test("runs of one conversation go one at a time in order, with the rollover bucket of their arrival", async () => {
  const file = join(mkdtempSync(join(tmpdir(), "channel-kit-")), "events.sqlite");
  const gate = deferred();
  const order: string[] = [];
  const app = {
    run: async (request: ChannelRunRequest) => {
      order.push(`start ${request.input} in ${request.conversationId}`);
      if (request.input === "first") await gate.promise;
      order.push(`end ${request.input}`);
      return { runId: request.input, status: "succeeded", finalText: request.input };
    },
  };
  const settled: string[] = [];
  const inbox = createChannelInbox({
    app,
    dedupe: createSqliteEventDedupeStore({ file }),
    session: { rollover: "daily", rolloverTimezone: "Europe/Amsterdam" },
    now: () => new Date("2026-07-12T22:30:00Z"),
  });
  const message = (eventKey: string, input: string) => ({
    eventKey,
    logicalConversationId: "telegram:42",
    input,
    source: "telegram",
    reply: {
      onEvent() {},
      settled: async (result?: { finalText: string }) => void settled.push(result?.finalText ?? ""),
    },
  });
  await inbox.accept(message("telegram:1", "first"));
  await inbox.accept(message("telegram:2", "second"));
  await new Promise((resolve) => setImmediate(resolve));
  expect(order).toEqual(["start first in telegram:42#2026-07-13"]);
  gate.resolve();
  await inbox.close();
  expect(order).toEqual([
    "start first in telegram:42#2026-07-13",
    "end first",
    "start second in telegram:42#2026-07-13",
    "end second",
  ]);
  expect(settled).toEqual(["first", "second"]);
});

test("delivery-history keys have the reference's form and nothing else parses", () => {
  const key = adapterSendIdempotencyKey({ channel: "slack", destination: "C123", receipt: "1712.0001" });
  expect(key).toBe("adapter-send:slack:C123:1712.0001");
  expect(parseAdapterSendIdempotencyKey("adapter-send:telegram:-1001:77")).toEqual({
    channel: "telegram",
    destination: "-1001",
    receipt: "77",
  });
  for (const bad of ["adapter-send:irc:x:1", "adapter-send:slack:C1", "x"])
    expect(() => parseAdapterSendIdempotencyKey(bad)).toThrow(
      expect.objectContaining({ code: "invalid_idempotency_key" }) as unknown as Error,
    );
  expect(ChannelError.isInstance(new ChannelError("platform_error", "x"))).toBe(true);
});
