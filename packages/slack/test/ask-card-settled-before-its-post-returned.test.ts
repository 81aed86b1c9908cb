import type { AskRecord } from "@mono-agent/interaction";
import type { WebClient } from "@slack/web-api";
import { describe, expect, test } from "vitest";
import { createSlackAskChannel } from "../src/slack-ask-channel.js";

const ask: AskRecord = {
  askId: "ask-1",
  kind: "question",
  runId: "run-1",
  conversationId: "slack:C0ALLOW:1850000000.000001",
  status: "pending",
  prompt: {
    kind: "question",
    questions: [
      {
        header: "Color",
        question: "Which?",
        options: [{ label: "Red" }, { label: "Blue" }],
        multiSelect: false,
      },
    ],
  },
  createdAt: 1,
  expiresAt: null,
};

/** A Web API whose chat.postMessage answers only when the test releases it; records every update. */
function heldClient() {
  let release: (ts: string) => void = () => {};
  const updates: { ts: string; text: string }[] = [];
  const client = {
    chat: {
      postMessage: () =>
        new Promise((resolve) => {
          release = (ts) => resolve({ ok: true, ts });
        }),
      update: async (args: { ts: string; text: string }) => {
        updates.push({ ts: args.ts, text: args.text });
        return { ok: true };
      },
    },
    conversations: { members: async () => ({ ok: true, members: ["UHUMAN"] }) },
  };
  return { client: client as unknown as WebClient, updates, release: (ts: string) => release(ts) };
}

describe("a Slack ask card", () => {
  test("settled before its chat.postMessage returned is still updated, once, with the ts the post got", async () => {
    const held = heldClient();
    const channel = createSlackAskChannel({
      client: held.client,
      allowlist: { allowedChannelIds: ["C0ALLOW"], allowAllChannels: false, allowDirectMessages: false },
      answer: () => {},
    });
    const presented = channel.present(ask);
    const settled = channel.update({
      ...ask,
      status: "answered",
      answer: { kind: "question", via: "callback", answers: [{ header: "Color", selected: ["Blue"] }] },
      answeredBy: { channel: "slack", userId: "UHUMAN" },
    });
    expect(held.updates).toEqual([]);
    held.release("1850000000.000099");
    await presented;
    await settled;
    expect(held.updates).toEqual([{ ts: "1850000000.000099", text: "Answered by <@UHUMAN>: Color: Blue" }]);
    await channel.cancel({ ...ask, status: "cancelled" });
    expect(held.updates).toHaveLength(1);
  });
});
