import { afterEach, describe, expect, test } from "vitest";
import {
  type AnswerersRules,
  askAudience,
  DEFAULT_ANSWERERS,
  InteractionError,
  type OpenAskInput,
  parseAskUserInput,
} from "../src/index.js";
import { brokerInTempDir, recordingChannel } from "./fixtures/ask-test-kit.js";

const parsed = parseAskUserInput({
  questions: [{ header: "Color", question: "Which?", options: [{ label: "Red" }, { label: "Blue" }] }],
});
if (!parsed.ok) throw new Error(parsed.message);
const questionPrompt = parsed.prompt;

const ASKER = { channel: "telegram", userId: "1111", displayName: "@user1111" };
const MEMBER = { channel: "telegram", userId: "4444", displayName: "@user4444" };
const APPROVER = { channel: "telegram", userId: "9999" };
const red = {
  kind: "question" as const,
  via: "callback" as const,
  answers: [{ header: "Color", selected: ["Red"] }],
};
const approve = { kind: "approval" as const, decision: "approve" as const, scope: "once" as const };

const approvalPrompt = {
  kind: "approval" as const,
  toolName: "Read",
  argumentsPreview: "{}",
  argumentsHash: "h",
  reason: "rule Read",
  scopes: ["once" as const],
};

let kit: ReturnType<typeof brokerInTempDir> | undefined;
afterEach(() => kit?.close());

function open(rules: AnswerersRules, kind: "question" | "approval", startedBy: typeof ASKER | null = ASKER) {
  kit = brokerInTempDir({ channels: [recordingChannel("telegram"), recordingChannel("web")] });
  const input: OpenAskInput = {
    kind,
    runId: "run-1",
    conversationId: "telegram:-100",
    prompt: kind === "question" ? questionPrompt : approvalPrompt,
    timeoutMs: 60_000,
    audience: askAudience(rules, kind, startedBy ?? undefined),
  };
  return { broker: kit.broker, ask: kit.broker.open(input) };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (InteractionError.isInstance(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "taken";
};

describe("who may answer an ask", () => {
  test("by default a question is the asker's: another member is refused, the ask stays open, the asker answers", () => {
    const { broker, ask } = open(DEFAULT_ANSWERERS, "question");
    expect(refusal(() => broker.answer(ask.askId, red, MEMBER))).toBe(
      "not_an_answerer: Only the person who asked may answer this question; your answer was not taken.",
    );
    expect(broker.get(ask.askId)?.status).toBe("pending");
    expect(broker.answer(ask.askId, red, ASKER).answeredBy).toEqual(ASKER);
  });

  test('with asks "anyone" another member answers', () => {
    const { broker, ask } = open({ ...DEFAULT_ANSWERERS, asks: "anyone" }, "question");
    expect(broker.answer(ask.askId, red, MEMBER).status).toBe("answered");
  });

  test("named people answer instead of the asker unless the list names the asker", () => {
    const named = open({ ...DEFAULT_ANSWERERS, asks: ["telegram:4444"] }, "question");
    expect(refusal(() => named.broker.answer(named.ask.askId, red, ASKER))).toMatch(/^not_an_answerer/);
    expect(named.broker.answer(named.ask.askId, red, MEMBER).status).toBe("answered");
    kit?.close();
    const both = open({ ...DEFAULT_ANSWERERS, asks: ["asker", "telegram:4444"] }, "question");
    expect(both.broker.answer(both.ask.askId, red, ASKER).status).toBe("answered");
  });

  test("an approval is the asker's or a configured approver's, never anyone's: asks \"anyone\" does not widen it", () => {
    const rules: AnswerersRules = { asks: "anyone", approvers: ["telegram:9999"], askerApproves: true };
    const first = open(rules, "approval");
    expect(refusal(() => first.broker.answer(first.ask.askId, approve, MEMBER))).toBe(
      "not_an_answerer: Only the person who asked or a configured approver may decide this approval; your answer was not taken.",
    );
    expect(first.broker.answer(first.ask.askId, approve, APPROVER).status).toBe("answered");
    kit?.close();
    const second = open({ ...rules, askerApproves: false }, "approval");
    expect(refusal(() => second.broker.answer(second.ask.askId, approve, ASKER))).toMatch(
      /^not_an_answerer: Only a configured approver may decide/,
    );
  });

  test("a run no person started: its approval goes to the approvers, and without any in the channel it cannot be asked", () => {
    const withApprover = open({ ...DEFAULT_ANSWERERS, approvers: ["telegram:9999"] }, "approval", null);
    expect(refusal(() => withApprover.broker.answer(withApprover.ask.askId, approve, ASKER))).toMatch(
      /^not_an_answerer/,
    );
    expect(withApprover.broker.answer(withApprover.ask.askId, approve, APPROVER).status).toBe("answered");
    kit?.close();
    // An approver on another channel cannot be reached from a Telegram chat: fail closed.
    expect(refusal(() => open({ ...DEFAULT_ANSWERERS, approvers: ["web"] }, "approval", null))).toMatch(
      /^no_channel: No one who may answer can be reached here/,
    );
    expect(refusal(() => open(DEFAULT_ANSWERERS, "question", null))).toMatch(/^no_channel/);
  });

  test("canAnswer says whether someone who may answer is reachable through the conversation's channel", () => {
    kit = brokerInTempDir({ channels: [recordingChannel("telegram"), recordingChannel("web")] });
    const askerAudience = askAudience(DEFAULT_ANSWERERS, "question", ASKER);
    expect(kit.broker.canAnswer("question", "telegram:-100", askerAudience)).toBe(true);
    expect(kit.broker.canAnswer("question", "web:t1", askerAudience)).toBe(false);
    expect(
      kit.broker.canAnswer(
        "question",
        "web:t1",
        askAudience(DEFAULT_ANSWERERS, "question", { channel: "web" }),
      ),
    ).toBe(true);
    expect(kit.broker.canAnswer("question", "web:t1", askAudience(DEFAULT_ANSWERERS, "question"))).toBe(
      false,
    );
  });

  test("a channel of one person (the terminal, the web console) answers as a whole, whatever user it records", () => {
    kit = brokerInTempDir({ channels: [recordingChannel("cli")] });
    const ask = kit.broker.open({
      kind: "question",
      runId: "run-1",
      conversationId: "cli:default",
      prompt: questionPrompt,
      timeoutMs: 60_000,
      audience: askAudience(DEFAULT_ANSWERERS, "question", { channel: "cli" }),
    });
    expect(refusal(() => kit?.broker.answer(ask.askId, red, ASKER))).toMatch(/^not_an_answerer/);
    expect(kit.broker.answer(ask.askId, red, { channel: "cli", userId: "root" }).status).toBe("answered");
  });

  test("the audience is stored with the ask, so another host reading it applies the same rule", () => {
    const { ask } = open(DEFAULT_ANSWERERS, "question");
    expect(kit?.store.get(ask.askId)?.audience).toEqual({
      anyone: false,
      people: ["telegram:1111"],
      asker: "telegram:1111",
    });
  });
});
