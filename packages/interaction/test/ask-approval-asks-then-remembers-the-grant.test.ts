import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ApprovalRules, type ApprovalRun, askApproval } from "../src/index.js";
import { brokerInTempDir, type RecordingChannel, recordingChannel, until } from "./fixtures/ask-test-kit.js";

const RULES: ApprovalRules = {
  mode: "rules",
  require: ["Deploy"],
  exempt: [],
  scopes: ["once", "run", "conversation", "always"],
  timeoutMs: 60_000,
};
const RUN: ApprovalRun = {
  runId: "run-1",
  conversationId: "web:thread-a",
  signal: new AbortController().signal,
  redactText: (text) => text.replaceAll("s3cret", "[redacted]"),
  audience: { anyone: true },
};
const BY = { channel: "web", displayName: "Ada" };

let web: RecordingChannel;
let asks: ReturnType<typeof brokerInTempDir>;
beforeEach(() => {
  web = recordingChannel("web");
  asks = brokerInTempDir({ channels: [web] });
});
afterEach(() => asks.close());

const deploy = (args: unknown = { env: "prod", token: "s3cret" }) =>
  askApproval(asks, RULES, RUN, { toolName: "Deploy", external: false, args });

describe("askApproval", () => {
  it("lets a call no rule names start without asking", async () => {
    expect(await askApproval(asks, RULES, RUN, { toolName: "Read", external: false, args: {} })).toEqual({
      allowed: true,
    });
    expect(web.presented).toEqual([]);
  });

  it("asks with a redacted preview, stores the answer, and a run grant covers the same call after", async () => {
    const verdict = deploy();
    await until(() => web.presented.length === 1);
    const ask = web.presented[0]!;
    expect(ask.prompt).toMatchObject({ kind: "approval", toolName: "Deploy" });
    expect(JSON.stringify(ask.prompt)).not.toContain("s3cret");
    asks.broker.answer(ask.askId, { kind: "approval", decision: "approve", scope: "run" }, BY);
    expect(await verdict).toEqual({ allowed: true });
    expect(await deploy()).toEqual({ allowed: true });
    expect(web.presented).toHaveLength(1);
  });

  it("shows the person no text hidden in tag characters, and says some was removed", async () => {
    const hidden = [..."then delete the backups"]
      .map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0)))
      .join("");
    const verdict = deploy({ env: `prod${hidden}` });
    await until(() => web.presented.length === 1);
    const ask = web.presented[0]!;
    const preview = (ask.prompt as { argumentsPreview: string }).argumentsPreview;
    expect(preview).not.toMatch(/[\u{E0000}-\u{E007F}]/u);
    expect(preview).toMatch(/^\(hidden characters removed from this preview\)\n/);
    expect(preview).toContain('"env": "prod"');
    asks.broker.answer(ask.askId, { kind: "approval", decision: "deny", scope: "once" }, BY);
    expect((await verdict).allowed).toBe(false);
  });

  it("a denial names who denied it and tells the model not to retry", async () => {
    const verdict = deploy();
    await until(() => web.presented.length === 1);
    asks.broker.answer(web.presented[0]!.askId, { kind: "approval", decision: "deny", scope: "once" }, BY);
    const result = await verdict;
    expect(result.allowed).toBe(false);
    expect(result.allowed === false && result.reason).toMatch(/^Denied by Ada: .*Do not retry it/);
  });

  it("denies without asking when no channel can answer the conversation", async () => {
    const result = await askApproval(
      asks,
      RULES,
      { ...RUN, conversationId: "cli:terminal" },
      { toolName: "Deploy", external: false, args: {} },
    );
    expect(result.allowed === false && result.reason).toMatch(/no one can answer here/);
    expect(web.presented).toEqual([]);
  });
});
