import { describe, expect, test } from "vitest";
import {
  type ContinuationDeliveryRequest,
  createConversationChannel,
  type DeliveryRecorder,
  RUN_HISTORY_FAILED,
} from "../src/index.js";
import { memoryConversations } from "./fixtures/memory-conversations.js";

const request: ContinuationDeliveryRequest = {
  continuationId: "c1",
  deliveryId: "continuation-c1",
  conversationId: "cli:jobs",
  serverName: "jobs",
  originRunId: "run-origin",
  text: "Your task finished.",
  mode: "reply",
  signal: new AbortController().signal,
};

describe("the conversation channel", () => {
  test("appends a delivery once; a repeat found by lookupDelivery records the missing run once, with its origin", async () => {
    const { port, conversations } = memoryConversations();
    // The first process appended the message and died before recording the run.
    await createConversationChannel(port).deliver(request);
    const recorded: Parameters<DeliveryRecorder>[0][] = [];
    const channel = createConversationChannel(port, {
      recordRun: async (delivery) => {
        recorded.push(delivery);
      },
    });
    const synthesisUsage = { inputTokens: 900, outputTokens: 40, totalTokens: 940, costUsd: 0.003 };
    const found = await channel.lookupDelivery?.("continuation-c1", "cli:jobs", {
      serverName: "jobs",
      originRunId: "run-origin",
      synthesisUsage,
    });
    expect(found).toEqual({ channel: "cli", deliveryId: "continuation-c1", historyRecorded: true });
    expect(recorded).toEqual([
      {
        deliveryId: "continuation-c1",
        conversationId: "cli:jobs",
        serverName: "jobs",
        originRunId: "run-origin",
        synthesisUsage,
        text: "Your task finished.",
      },
    ]);
    await channel.deliver(request);
    expect(conversations.get("cli:jobs")).toEqual([
      { runId: "continuation-c1", text: "Your task finished." },
    ]);
    expect(await channel.lookupDelivery?.("continuation-other", "cli:jobs")).toBeUndefined();
    expect(channel.accepts("cli:jobs")).toBe(true);
    expect(channel.accepts("slack:T1:C1:1.2")).toBe(false);
  });

  test("a run record that cannot be written leaves the message delivered and says so; a failing live view changes nothing", async () => {
    const { port, conversations } = memoryConversations();
    const outcome = await createConversationChannel(port, {
      recordRun: async () => {
        throw new Error("disk full");
      },
      onDelivered: () => {
        throw new Error("the view is gone");
      },
    }).deliver(request);
    expect(outcome).toEqual({
      channel: "cli",
      deliveryId: "continuation-c1",
      historyRecorded: false,
      historyErrorCode: RUN_HISTORY_FAILED,
    });
    expect(conversations.get("cli:jobs")).toHaveLength(1);
  });

  test("a poster is posted to before the append; a refused post stores nothing, and a stored delivery is not posted again", async () => {
    const { port, conversations } = memoryConversations();
    const posts: string[] = [];
    let refuse = true;
    const channel = createConversationChannel(port, {
      poster: {
        accepts: (conversationId) => conversationId === "cli:jobs",
        post: async (conversationId, text) => {
          if (refuse) throw new Error("rate limited");
          posts.push(`${conversationId}: ${text}`);
        },
      },
    });
    await expect(channel.deliver(request)).rejects.toThrow("rate limited");
    expect(conversations.get("cli:jobs")).toBeUndefined();
    refuse = false;
    await channel.deliver(request);
    await channel.deliver(request);
    expect(posts).toEqual(["cli:jobs: Your task finished."]);
    expect(conversations.get("cli:jobs")).toHaveLength(1);
  });
});
