import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApprovalRules, createApprovalGate } from "../src/index.js";
import { brokerInTempDir, type RecordingChannel, recordingChannel, until } from "./fixtures/ask-test-kit.js";

const RULES: ApprovalRules = {
  mode: "rules",
  require: ["Deploy"],
  exempt: [],
  scopes: ["once", "run"],
  timeoutMs: 60_000,
};
const RUN = {
  runId: "run-1",
  conversationId: "web:thread-a",
  signal: new AbortController().signal,
  redactText: (text: string) => text,
  audience: { anyone: true } as const,
};

let web: RecordingChannel;
let asks: ReturnType<typeof brokerInTempDir>;
beforeEach(() => {
  web = recordingChannel("web");
  asks = brokerInTempDir({ channels: [web] });
});
afterEach(() => asks.close());

/** A pi tool call of `name` among `tools`, as `beforeToolCall` receives it. */
const callOf = (name: string, tools: object[] = []) => ({
  toolCall: { name },
  args: { env: "prod" },
  context: { tools },
});

describe("createApprovalGate", () => {
  it("lets a call no rule names through (undefined), without asking", async () => {
    const gate = createApprovalGate(asks, RULES, RUN, () => undefined);
    expect(await gate(callOf("Read"))).toBeUndefined();
    expect(web.presented).toEqual([]);
  });

  it("blocks a denied call with the reason the model reads", async () => {
    const gate = createApprovalGate(asks, RULES, RUN, () => undefined);
    const verdict = gate(callOf("Deploy"));
    await until(() => web.presented.length === 1);
    const ask = web.presented[0];
    if (ask === undefined) throw new Error("the approval was presented");
    asks.broker.answer(
      ask.askId,
      { kind: "approval", decision: "deny", scope: "once" },
      { channel: "web", displayName: "Ada" },
    );
    const result = await verdict;
    expect(result?.block).toBe(true);
    expect(result?.reason).toContain("Denied");
  });

  it("asks the tool info of the called tool only, by its pi name", async () => {
    const deploy = { name: "Deploy" };
    const seen: object[] = [];
    const gate = createApprovalGate(asks, { ...RULES, require: [] }, RUN, (tool) => {
      seen.push(tool);
      return { serverName: "mono-agent-run-history" };
    });
    expect(await gate(callOf("Deploy", [{ name: "Read" }, deploy]))).toBeUndefined();
    expect(seen).toEqual([deploy]);
  });

  it("under annotations, a tool of a mono-agent-* server is the host's own; the same tool of another server asks", async () => {
    const tool = { name: "Wipe" };
    const rules: ApprovalRules = { ...RULES, mode: "annotations", require: [] };
    const annotations = { destructiveHint: true };
    const own = createApprovalGate(asks, rules, RUN, () => ({
      serverName: "mono-agent-memory",
      annotations,
    }));
    expect(await own(callOf("Wipe", [tool]))).toBeUndefined();
    expect(web.presented).toEqual([]);
    const external = createApprovalGate(asks, rules, RUN, () => ({ serverName: "files", annotations }));
    const verdict = external(callOf("Wipe", [tool]));
    await until(() => web.presented.length === 1);
    const ask = web.presented[0];
    if (ask === undefined) throw new Error("the approval was presented");
    asks.broker.answer(
      ask.askId,
      { kind: "approval", decision: "approve", scope: "once" },
      { channel: "web", displayName: "Ada" },
    );
    expect(await verdict).toBeUndefined();
  });
});
