import { join } from "node:path";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { describe, expect, test } from "vitest";
import { createConversationStore } from "../../src/conversations/conversation-store.js";
import { makeAgentFolder } from "../cli/agent-folder.js";
import { runCli } from "../cli/run-cli.js";

const userMessage = (text: string): AgentMessage => ({
  role: "user",
  content: [{ type: "text", text }],
  timestamp: 1,
});

describe("conversations list under daily rollover", () => {
  test("groups the #YYYY-MM-DD buckets of one conversation under its logical id; without rollover a # stays opaque", async () => {
    const dir = makeAgentFolder({ runtime: { model: "demo:demo", session: { rollover: "daily" } } });
    const store = createConversationStore({ file: join(dir, ".mono-agent", "conversations.sqlite") });
    await store.appendMessages("cli:trip#2026-07-11", "run-1", [userMessage("day one")]);
    await store.appendMessages("cli:trip#2026-07-12", "run-2", [userMessage("day two"), userMessage("more")]);
    await store.appendMessages("cli:other", "run-3", [userMessage("other")]);
    await store.close();
    const listed = runCli(["conversations", "list", "--json"], { cwd: dir });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const body = JSON.parse(listed.stdout) as {
      conversations: {
        conversationId: string;
        messageCount: number;
        buckets: { conversationId: string }[];
      }[];
      total: number;
    };
    const trip = body.conversations.find((entry) => entry.conversationId === "cli:trip");
    expect(trip?.messageCount).toBe(3);
    expect(trip?.buckets.map((bucket) => bucket.conversationId).sort()).toEqual([
      "cli:trip#2026-07-11",
      "cli:trip#2026-07-12",
    ]);
    expect(body.conversations).toHaveLength(2);
    expect(body.total).toBe(3);
    const table = runCli(["conversations", "list"], { cwd: dir }).stdout;
    expect(table).toMatch(/cli:trip\s+2 \(2026-07-11\.\.2026-07-12\)\s+3/);

    const opaque = makeAgentFolder({ runtime: { model: "demo:demo" } });
    const other = createConversationStore({ file: join(opaque, ".mono-agent", "conversations.sqlite") });
    await other.appendMessages("cli:trip#2026-07-11", "run-1", [userMessage("day one")]);
    await other.close();
    const plain = JSON.parse(runCli(["conversations", "list", "--json"], { cwd: opaque }).stdout) as {
      conversations: { conversationId: string; buckets?: unknown }[];
    };
    expect(plain.conversations.map((entry) => [entry.conversationId, entry.buckets])).toEqual([
      ["cli:trip#2026-07-11", undefined],
    ]);
  });
});
