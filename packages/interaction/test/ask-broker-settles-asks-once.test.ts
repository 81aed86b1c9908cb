import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type AskChannel,
  type AskRecord,
  createAskBroker,
  InteractionError,
  type OpenAskInput,
  parseAskUserInput,
} from "../src/index.js";
import { createSqliteInteractionStore } from "../src/sqlite.js";
import { fakeClock } from "./fixtures/ask-test-kit.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "interaction-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function recordingChannel(id = "web"): AskChannel & { shown: string[] } {
  const shown: string[] = [];
  return {
    id,
    shown,
    canAnswer: () => true,
    present: (ask) => void shown.push(`present ${ask.askId}`),
    update: (ask) => void shown.push(`update ${ask.status}`),
    cancel: (ask) => void shown.push(`cancel ${ask.cancelReason}`),
  };
}

const parsed = parseAskUserInput({
  questions: [
    {
      header: "Color",
      question: "Which colors?",
      options: [{ label: "Red" }, { label: "Blue" }, { label: "Green" }],
      multiSelect: true,
    },
    { header: "Size", question: "Which size?", options: [{ label: "S" }, { label: "L" }] },
  ],
});
if (!parsed.ok) throw new Error(parsed.message);
const question = (conversationId: string, timeoutMs: number | null = 60_000): OpenAskInput => ({
  kind: "question",
  runId: "run-1",
  conversationId,
  prompt: parsed.prompt,
  timeoutMs,
  audience: { anyone: true },
});

describe("the ask broker", () => {
  it("openShown resolves once the channel has shown the ask, and throws channel_failed (ask cancelled) when it cannot", async () => {
    const store = createSqliteInteractionStore({ file: join(dir, "interaction.sqlite") });
    const good = recordingChannel("web");
    const broken: AskChannel = {
      ...recordingChannel("slack"),
      present: async () => {
        throw new Error("not_in_channel\u202e\nsecond line");
      },
    };
    const broker = createAskBroker({ store, channels: [good, broken] });
    const shown = await broker.openShown(question("web:t1"));
    expect(good.shown).toEqual([`present ${shown.askId}`]);
    expect(shown.status).toBe("pending");
    const failure = await broker.openShown(question("slack:C1:1.1")).catch((error: unknown) => error);
    expect(InteractionError.isInstance(failure) && failure.code).toBe("channel_failed");
    expect((failure as Error).message).toContain("not_in_channel");
    expect((failure as Error).message).not.toMatch(/[\u202e\n]/);
    expect(store.listPending().map((ask) => ask.conversationId)).toEqual(["web:t1"]);
    broker.close();
    store.close();
  });

  it("answers a pending ask once, with who answered, and shows the answered state", async () => {
    const store = createSqliteInteractionStore({ file: join(dir, "interaction.sqlite") });
    const channel = recordingChannel();
    const changes: AskRecord[] = [];
    const broker = createAskBroker({
      store,
      channels: [channel],
      clock: fakeClock(),
      onChange: (ask) => changes.push(ask),
    });
    const ask = broker.open(question("web:t1"));
    const waiting = broker.wait(ask.askId);
    const answer = {
      kind: "question" as const,
      via: "callback" as const,
      answers: [
        { header: "Color", selected: ["Red", "Green"] },
        { header: "Size", selected: [], text: "medium, please" },
      ],
    };
    broker.answer(ask.askId, answer, { channel: "web", displayName: "Ana" });
    const settled = await waiting;
    expect(settled.status).toBe("answered");
    expect(settled.answer).toEqual(answer);
    expect(settled.answeredBy).toEqual({ channel: "web", displayName: "Ana" });
    expect(() => broker.answer(ask.askId, answer, { channel: "web" })).toThrowError(/already answered/);
    await Promise.resolve();
    expect(channel.shown).toEqual([`present ${ask.askId}`, "update answered"]);
    expect(changes.map((change) => change.status)).toEqual(["pending", "answered"]);
    store.close();
  });

  it("refuses a second ask in the same physical conversation with ask_pending (409), rollover bucket or not", () => {
    const store = createSqliteInteractionStore({ file: join(dir, "interaction.sqlite") });
    const broker = createAskBroker({ store, channels: [recordingChannel("telegram")], clock: fakeClock() });
    broker.open(question("telegram:42#2026-07-12"));
    const second = (() => {
      try {
        broker.open(question("telegram:42#2026-07-13"));
      } catch (error) {
        return error;
      }
    })();
    expect(InteractionError.isInstance(second) && second.code).toBe("ask_pending");
    expect(() => broker.open(question("telegram:43"))).not.toThrow();
    store.close();
  });

  it("expires an ask at its timeout, and an ask with no timeout stays pending", async () => {
    const store = createSqliteInteractionStore({ file: join(dir, "interaction.sqlite") });
    const clock = fakeClock();
    const broker = createAskBroker({ store, channels: [recordingChannel()], clock });
    const timed = broker.open(question("web:a", 1_000));
    const forever = broker.open(question("web:b", null));
    const waiting = broker.wait(timed.askId);
    clock.advance(999);
    expect(broker.get(timed.askId)?.status).toBe("pending");
    clock.advance(1);
    expect((await waiting).status).toBe("expired");
    clock.advance(30 * 24 * 3_600_000);
    expect(broker.get(forever.askId)?.status).toBe("pending");
    expect(forever.expiresAt).toBeNull();
    store.close();
  });

  it("rejects answers that do not fit: unknown option, two options on a single-select question", () => {
    const store = createSqliteInteractionStore({ file: join(dir, "interaction.sqlite") });
    const broker = createAskBroker({ store, channels: [recordingChannel()], clock: fakeClock() });
    const ask = broker.open(question("web:t"));
    const bad = (selected: string[]) => () =>
      broker.answer(
        ask.askId,
        {
          kind: "question",
          via: "callback",
          answers: [
            { header: "Color", selected: ["Red"] },
            { header: "Size", selected },
          ],
        },
        { channel: "web" },
      );
    expect(bad(["XL"])).toThrowError(/"XL" is not an option of "Size"/);
    expect(bad(["S", "L"])).toThrowError(/takes one option/);
    expect(broker.get(ask.askId)?.status).toBe("pending");
    store.close();
  });

  it("fails closed with no_channel when no channel can answer the conversation", () => {
    const store = createSqliteInteractionStore({ file: join(dir, "interaction.sqlite") });
    const broker = createAskBroker({
      store,
      channels: [{ ...recordingChannel("cli"), canAnswer: () => false }],
    });
    expect(() => broker.open(question("cli:default"))).toThrowError(/No one can answer here/);
    expect(store.listPending()).toEqual([]);
    store.close();
  });

  it("cancels a run's asks when the run ends, and asks left pending by a stopped host on the next start", async () => {
    const file = join(dir, "interaction.sqlite");
    const first = createSqliteInteractionStore({ file });
    const broker = createAskBroker({ store: first, channels: [recordingChannel()], clock: fakeClock() });
    const controller = new AbortController();
    const asking = broker.ask(question("web:run-end"), controller.signal);
    controller.abort();
    expect((await asking).cancelReason).toBe("run_ended");
    const left = broker.open(question("web:left"));
    broker.close();
    first.close();
    const second = createSqliteInteractionStore({ file });
    const restarted = createAskBroker({ store: second, channels: [recordingChannel()] });
    const cancelled = restarted.cancelLeftPending();
    expect(cancelled.map((ask) => [ask.askId, ask.status, ask.cancelReason])).toEqual([
      [left.askId, "cancelled", "host_restarted"],
    ]);
    expect(second.listByConversation("web:left", 10)[0]?.status).toBe("cancelled");
    // An ask whose owner still runs (a serve beside this run) is left alone.
    const live = createAskBroker({ store: second, channels: [recordingChannel()], owner: "serve-process" });
    const kept = live.open(question("web:kept"));
    const beside = createAskBroker({ store: second, channels: [recordingChannel()], owner: "run-process" });
    expect(beside.cancelLeftPending((owner) => owner === "serve-process")).toEqual([]);
    expect(second.get(kept.askId)?.status).toBe("pending");
    live.close();
    second.close();
  });
});
