import { afterEach, describe, expect, test } from "vitest";
import {
  type ContinuationSynthesisRequest,
  createConversationChannel,
  createModelTurnSynthesizer,
  createOriginContextObserver,
  type SynthesisTurnRequest,
  toOriginMessages,
} from "../src/index.js";
import { memoryConversations } from "./fixtures/memory-conversations.js";
import { claimBody, request, startTestService, until } from "./service-kit.js";

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const USAGE = { inputTokens: 300, outputTokens: 20, totalTokens: 320, costUsd: 0.001 };

/** Pi agent messages of the origin run, as the host's agent ends with them. */
const RUN_MESSAGES = [
  { role: "user", content: "Start the kelp survey" },
  {
    role: "assistant",
    content: [
      { type: "text", text: "Starting it." },
      { type: "toolCall", name: "mcp__jobs__survey" },
    ],
  },
  { role: "toolResult", toolName: "mcp__jobs__survey", content: [{ type: "text", text: "claimed" }] },
  { role: "custom", content: "left out" },
];

const SYNTHESIS_REQUEST: ContinuationSynthesisRequest = {
  continuationId: "c",
  mode: "reply",
  serverName: "jobs",
  originConversationId: "cli:one",
  originContext: { conversationId: "cli:one", historyBoundary: "run-1", messages: [], truncated: false },
  payload: {},
  toolsDisabled: true,
  deferHistoryCommit: true,
  signal: new AbortController().signal,
};

async function startHost() {
  const { port, conversations } = memoryConversations();
  const turns: SynthesisTurnRequest[] = [];
  const { service, capability } = await startTestService({
    synthesizer: createModelTurnSynthesizer(async (turn) => {
      turns.push(turn);
      return { status: "succeeded", text: "The survey found kelp.", usage: USAGE };
    }),
    channel: createConversationChannel(port),
  });
  closers.push(() => service.close());
  const observer = createOriginContextObserver({
    service,
    loadMessages: async (conversationId) =>
      conversationId === "cli:one" ? [{ role: "user", content: "Earlier question" }] : [],
  });
  const claim = (await request(capability.url, { token: capability.token, body: claimBody("survey") })).body;
  return { service, observer, claim, turns, conversations };
}

describe("the host ports of the continuation service", () => {
  test("the observer snapshots the conversation with the run's messages; the synthesis turn reads it; the channel delivers the text", async () => {
    const { service, observer, claim, turns, conversations } = await startHost();
    const run = { runId: "run-1", conversationId: "cli:one" };
    await observer.onAgentEnd(run, RUN_MESSAGES);
    await observer.onRunEnd(run, true);
    expect(service.store.get(claim.continuationId)?.originContextState).toBe("pinned");
    await request(claim.resultUrl, {
      token: claim.token,
      body: { idempotencyKey: "k", payload: { kelp: 3 } },
    });
    await until(() => service.store.get(claim.continuationId)?.state === "delivered", "delivered");
    expect(conversations.get("cli:one")).toEqual([
      { runId: `continuation-${claim.continuationId}`, text: "The survey found kelp." },
    ]);
    expect(service.store.get(claim.continuationId)?.synthesisUsage).toEqual(USAGE);
    const [turn] = turns;
    expect(turn?.instructions).not.toBe("");
    for (const text of [
      "Earlier question",
      "Start the kelp survey",
      "[called tool mcp__jobs__survey]",
      "claimed",
    ])
      expect(turn?.prompt).toContain(text);
    expect(turn?.prompt).not.toContain("left out");
  });

  test("a run that did not succeed abandons its snapshot; a failed synthesis turn names its status and error", async () => {
    const { service, observer, claim, turns } = await startHost();
    const run = { runId: "run-1", conversationId: "cli:one" };
    await observer.onAgentEnd(run, RUN_MESSAGES);
    await observer.onRunEnd(run, false);
    expect(service.store.get(claim.continuationId)?.originContextState).toBe("abandoned");
    await expect(
      createModelTurnSynthesizer(async () => ({ status: "cancelled" })).synthesize(SYNTHESIS_REQUEST),
    ).rejects.toThrow("the synthesis turn cancelled: no answer");
    await expect(
      createModelTurnSynthesizer(async () => ({
        status: "failed",
        errorMessage: "the provider is down",
      })).synthesize(SYNTHESIS_REQUEST),
    ).rejects.toThrow("the synthesis turn failed: the provider is down");
    expect(turns).toEqual([]);
  });

  test("toOriginMessages keeps user, assistant and tool-result text and leaves other roles out", () => {
    expect(toOriginMessages(RUN_MESSAGES)).toEqual([
      { role: "user", text: "Start the kelp survey" },
      { role: "assistant", text: "Starting it.\n[called tool mcp__jobs__survey]" },
      { role: "toolResult", text: "claimed", toolName: "mcp__jobs__survey" },
    ]);
  });
});
