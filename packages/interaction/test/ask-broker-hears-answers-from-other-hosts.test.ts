import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AskChannel, type AskRecord, createAskBroker, type OpenAskInput } from "../src/index.js";
import { fakeClock } from "./fixtures/ask-test-kit.js";
import { interactionStoreEngines } from "./interaction-store-engines.js";

/**
 * Two hosts, one shared store: the run waits on host A, the answer reaches host B (a Slack button, the
 * web console of another replica). A's broker polls the store for the asks it waits on.
 */
const setup = interactionStoreEngines();
beforeAll(() => setup.setUp(), 60_000);
afterEach(() => setup.cleanUp());
afterAll(() => setup.tearDown());

const channel = (): AskChannel & { shown: string[] } => {
  const shown: string[] = [];
  return {
    id: "slack",
    shown,
    canAnswer: () => true,
    present: (ask) => void shown.push(`present ${ask.askId}`),
    update: (ask) => void shown.push(`update ${ask.status}`),
    cancel: (ask) => void shown.push(`cancel ${ask.cancelReason}`),
  };
};

const approval: OpenAskInput = {
  kind: "approval",
  runId: "run-1",
  conversationId: "slack:C1",
  prompt: {
    kind: "approval",
    toolName: "shell",
    argumentsPreview: "rm -rf build",
    argumentsHash: "h",
    reason: "writes files",
    scopes: ["once", "run"],
  },
  timeoutMs: 600_000,
  audience: { anyone: true },
};

describe.each(setup.engines)("asks across hosts on $name", (engine) => {
  it("an answer given on host B resolves the wait on host A at A's next poll", async () => {
    const { handle } = await engine.open();
    const clockA = fakeClock();
    const slackA = channel();
    const hostA = createAskBroker({
      store: handle(),
      channels: [slackA],
      clock: clockA,
      pollSettledMs: 1_000,
    });
    const hostB = createAskBroker({ store: handle(), channels: [channel()], clock: fakeClock() });
    const opened = hostA.open(approval);
    let resolved: AskRecord | undefined;
    const waiting = hostA.wait(opened.askId).then((ask) => {
      resolved = ask;
      return ask;
    });
    clockA.advance(1_000);
    await Promise.resolve();
    expect(resolved).toBeUndefined();
    hostB.answer(
      opened.askId,
      { kind: "approval", decision: "approve", scope: "run" },
      { channel: "slack", userId: "U1" },
    );
    clockA.advance(999);
    await Promise.resolve();
    expect(resolved).toBeUndefined();
    clockA.advance(1);
    const ask = await waiting;
    expect(ask).toMatchObject({
      status: "answered",
      answer: { decision: "approve", scope: "run" },
      answeredBy: { userId: "U1" },
    });
    // Host A shows the settled state on the message it presented.
    expect(slackA.shown).toEqual([`present ${opened.askId}`, "update answered"]);
    hostA.close();
    hostB.close();
  });

  it("without polling the wait on host A hears nothing of host B's answer (the ask stays settled in the store)", async () => {
    const { handle } = await engine.open();
    const clockA = fakeClock();
    const hostA = createAskBroker({ store: handle(), channels: [channel()], clock: clockA });
    const hostB = createAskBroker({ store: handle(), channels: [channel()], clock: fakeClock() });
    const opened = hostA.open(approval);
    let resolved: AskRecord | undefined;
    void hostA.wait(opened.askId).then((ask) => {
      resolved = ask;
    });
    hostB.answer(opened.askId, { kind: "approval", decision: "deny", scope: "once" }, { channel: "slack" });
    clockA.advance(10_000);
    await Promise.resolve();
    expect(resolved).toBeUndefined();
    expect(hostA.get(opened.askId)?.status).toBe("answered");
    hostA.close();
    hostB.close();
  });
});
