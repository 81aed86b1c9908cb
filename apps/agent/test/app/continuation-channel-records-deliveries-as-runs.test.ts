import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import {
  type ConversationChannelOptions,
  createConversationChannel as createChannel,
  type DeliveryRecorder,
  RUN_HISTORY_FAILED,
} from "@mono-agent/continuations";
import { sqliteDeliveryLookups } from "@mono-agent/continuations/node";
import { afterEach, describe, expect, test } from "vitest";
import { conversationChannelPort } from "../../src/app/continuations/continuation-delivery.js";
import { startRunRecording } from "../../src/app/run/run-recorder-observer.js";
import {
  createConversationStore,
  type SqliteConversationStore,
} from "../../src/conversations/conversation-store.js";
import { messagesOfRun } from "../fixtures/continuations/continuation-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function conversationStore() {
  const store = createConversationStore({
    file: join(mkdtempSync(join(tmpdir(), "mono-agent-channel-")), "conversations.sqlite"),
  });
  cleanups.push(() => store.close());
  return store;
}

/** The channel the app composes over its SQLite conversation store. */
function createConversationChannel(
  conversations: SqliteConversationStore,
  options?: ConversationChannelOptions,
) {
  return createChannel(
    conversationChannelPort(conversations, sqliteDeliveryLookups(conversations.file)),
    options,
  );
}

const request = {
  continuationId: "c1",
  deliveryId: "continuation-c1",
  conversationId: "cli:jobs",
  serverName: "jobs",
  originRunId: "run-origin",
  text: "Your task finished.",
  mode: "reply" as const,
  signal: new AbortController().signal,
};

describe("the conversation channel records each delivery as a run", () => {
  test("a repeat after a crash (found by lookupDelivery) records the missing run once, with its origin", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mono-agent-channel-agent-"));
    const loaded = await loadMonoAgentConfig({ cwd: dir, env: {}, config: {} });
    const recording = await startRunRecording(loaded, {});
    cleanups.push(() => recording.close());
    const conversations = conversationStore();
    // The first process appended the message and died before recording the run.
    await createConversationChannel(conversations).deliver(request);
    expect(await recording.store.getRun("continuation-c1")).toBeUndefined();

    const channel = createConversationChannel(conversations, {
      recordRun: (delivery) =>
        recording.recordContinuationDelivery({
          runId: delivery.deliveryId,
          conversationId: delivery.conversationId,
          serverName: delivery.serverName,
          originRunId: delivery.originRunId,
          model: "demo:offline",
          text: delivery.text,
          ...(delivery.synthesisUsage ? { usage: delivery.synthesisUsage } : {}),
          startedAt: new Date(),
        }),
    });
    const synthesisUsage = { inputTokens: 900, outputTokens: 40, totalTokens: 940, costUsd: 0.003 };
    const found = await channel.lookupDelivery?.("continuation-c1", "cli:jobs", {
      serverName: "jobs",
      originRunId: "run-origin",
      synthesisUsage,
    });
    expect(found).toEqual({ channel: "cli", deliveryId: "continuation-c1", historyRecorded: true });
    expect(await recording.store.getRun("continuation-c1")).toMatchObject({
      conversationId: "cli:jobs",
      source: "continuation",
      sourceDetail: "jobs",
      status: "succeeded",
      userInput: "Result of jobs for run run-origin",
      finalOutput: "Your task finished.",
      usage: synthesisUsage,
    });
    // Asking again writes nothing new; the conversation still holds one message for the delivery.
    await channel.deliver(request);
    expect((await recording.store.listRuns()).runs).toHaveLength(1);
    expect(messagesOfRun(conversations.file, "continuation-c1")).toHaveLength(1);
    expect(await channel.lookupDelivery?.("continuation-other", "cli:jobs")).toBeUndefined();
  });

  test("a run record that cannot be written leaves the message delivered and says so in the receipt", async () => {
    const conversations = conversationStore();
    const failing: DeliveryRecorder = async () => {
      throw new Error("disk full");
    };
    const outcome = await createConversationChannel(conversations, { recordRun: failing }).deliver(request);
    expect(outcome).toEqual({
      channel: "cli",
      deliveryId: "continuation-c1",
      historyRecorded: false,
      historyErrorCode: RUN_HISTORY_FAILED,
    });
    expect(messagesOfRun(conversations.file, "continuation-c1")).toHaveLength(1);
  });
});
