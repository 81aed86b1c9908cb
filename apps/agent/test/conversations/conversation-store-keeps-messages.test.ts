import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CONVERSATION_ID_MAX_LENGTH } from "@mono-agent/ids";
import {
  type ConversationStore,
  createConversationStore,
} from "../../src/conversations/conversation-store.js";
import {
  HISTORY_WINDOW_MAX_CHARACTERS,
  HISTORY_WINDOW_MAX_MESSAGES,
} from "../../src/conversations/history-window.js";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";

let directory: string;
let store: ConversationStore;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "conversation-store-"));
  store = createConversationStore({ file: join(directory, "state", "conversations.sqlite") });
});

afterEach(() => {
  store.close();
  rmSync(directory, { recursive: true, force: true });
});

function user(text: string): AgentMessage {
  return { role: "user", content: text, timestamp: 1 };
}

function assistant(text: string, stopReason: "stop" | "toolUse" = "stop"): AgentMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "faux",
    provider: "faux",
    model: "faux-1",
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason,
    timestamp: 2,
  };
}

function toolResult(text: string): AgentMessage {
  return {
    role: "toolResult",
    toolCallId: "c1",
    toolName: "Read",
    content: [{ type: "text", text }],
    isError: false,
    timestamp: 3,
  };
}

function errorCode(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return MonoAgentRuntimeError.isInstance(error) ? error.code : "untyped";
  }
  return undefined;
}

describe("createConversationStore", () => {
  it("creates the file 0600 in a 0700 directory", () => {
    expect(statSync(join(directory, "state")).mode & 0o777).toBe(0o700);
    expect(statSync(store.file).mode & 0o777).toBe(0o600);
  });

  it("stores messages in order with sequences, per conversation", () => {
    expect(store.appendMessages("cli:default", "run-1", [user("a"), assistant("b")])).toEqual({
      firstSequence: 1,
      lastSequence: 2,
    });
    expect(store.appendMessages("web:thread-9", "run-2", [user("other")])).toEqual({
      firstSequence: 1,
      lastSequence: 1,
    });
    expect(store.appendMessages("cli:default", "run-3", [user("c"), assistant("d")])).toEqual({
      firstSequence: 3,
      lastSequence: 4,
    });
    expect(store.loadMessages("cli:default")).toEqual([user("a"), assistant("b"), user("c"), assistant("d")]);
    expect(store.loadMessages("web:thread-9")).toEqual([user("other")]);
    expect(store.loadMessages("cli:never-used")).toEqual([]);
  });

  it("reopening the file keeps everything (migrations are applied once)", () => {
    store.appendMessages("cli:default", "run-1", [user("kept")]);
    store.close();
    store = createConversationStore({ file: join(directory, "state", "conversations.sqlite") });
    expect(store.loadMessages("cli:default")).toEqual([user("kept")]);
  });

  it.each([
    ["no channel", "default"],
    ["empty id", "cli:"],
    ["upper-case channel", "CLI:default"],
    ["a space", "cli:my thread"],
    ["a control character", "cli:a\u0007b"],
    ["too long", `cli:${"x".repeat(CONVERSATION_ID_MAX_LENGTH)}`],
  ])("rejects a conversation id with %s as invalid_conversation_id", (_label, conversationId) => {
    expect(errorCode(() => store.loadMessages(conversationId))).toBe("invalid_conversation_id");
    expect(errorCode(() => store.appendMessages(conversationId, "run-1", [user("x")]))).toBe(
      "invalid_conversation_id",
    );
  });

  it("accepts ids with colons and a daily bucket", () => {
    store.appendMessages("slack:C123:1700000000.000100", "run-1", [user("thread")]);
    store.appendMessages("telegram:42#2026-07-12", "run-2", [user("bucket")]);
    expect(store.loadMessages("telegram:42#2026-07-12")).toEqual([user("bucket")]);
  });

  it("rejects a bad run id or a message without a role, and writes nothing", () => {
    expect(errorCode(() => store.appendMessages("cli:default", "../run", [user("x")]))).toBe(
      "invalid_run_id",
    );
    expect(
      errorCode(() =>
        store.appendMessages("cli:default", "run-1", [user("x"), { content: "no role" } as never]),
      ),
    ).toBe("conversation_store_failed");
    expect(store.loadMessages("cli:default")).toEqual([]);
    expect(store.listConversations()).toEqual([]);
  });

  it("lists conversations with their message counts, most recently updated first, bounded by limit", async () => {
    store.appendMessages("cli:a", "run-1", [user("1")]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    store.appendMessages("cli:b", "run-2", [user("1"), assistant("2")]);
    const listed = store.listConversations();
    expect(listed.map((row) => [row.conversationId, row.messageCount])).toEqual([
      ["cli:b", 2],
      ["cli:a", 1],
    ]);
    expect(store.listConversations({ limit: 1 })).toHaveLength(1);
  });

  it("reset removes a conversation and all daily buckets of the same logical conversation, nothing else", () => {
    store.appendMessages("telegram:42#2026-07-11", "run-1", [user("a"), assistant("b")]);
    store.appendMessages("telegram:42#2026-07-12", "run-2", [user("c")]);
    store.appendMessages("telegram:42", "run-3", [user("d")]);
    store.appendMessages("telegram:421", "run-4", [user("other chat")]);
    expect(store.reset("telegram:42#2026-07-12")).toEqual({ removedMessages: 4 });
    expect(store.loadMessages("telegram:42#2026-07-11")).toEqual([]);
    expect(store.loadMessages("telegram:421")).toEqual([user("other chat")]);
    expect(store.listConversations().map((row) => row.conversationId)).toEqual(["telegram:421"]);
    expect(store.reset("cli:unknown")).toEqual({ removedMessages: 0 });
  });
});

describe("the history window", () => {
  it("keeps whole turns within the message bound, starting at a user message", () => {
    const turn = (index: number) => [
      user(`question ${index}`),
      assistant("calling", "toolUse"),
      toolResult("r"),
      assistant(`answer ${index}`),
    ];
    const turns = Math.ceil(HISTORY_WINDOW_MAX_MESSAGES / 4) + 5;
    for (let index = 0; index < turns; index++) store.appendMessages("cli:long", `run-${index}`, turn(index));
    const loaded = store.loadMessages("cli:long");
    expect(loaded.length).toBeLessThanOrEqual(HISTORY_WINDOW_MAX_MESSAGES);
    expect(loaded.length % 4).toBe(0);
    expect(loaded[0]).toEqual(user(`question ${turns - loaded.length / 4}`));
    expect(loaded.at(-1)).toEqual(assistant(`answer ${turns - 1}`));
  });

  it("keeps whole turns within the character bound", () => {
    const big = "x".repeat(Math.floor(HISTORY_WINDOW_MAX_CHARACTERS / 3));
    for (let index = 0; index < 5; index++) {
      store.appendMessages("cli:big", `run-${index}`, [user(`q${index}`), assistant(`${big}${index}`)]);
    }
    const loaded = store.loadMessages("cli:big");
    expect(loaded).toEqual([user("q3"), assistant(`${big}3`), user("q4"), assistant(`${big}4`)]);
  });

  it("when even the newest turn is too large, keeps its question and final answer", () => {
    const messages: AgentMessage[] = [user("huge task")];
    for (let index = 0; index < HISTORY_WINDOW_MAX_MESSAGES + 10; index++)
      messages.push(toolResult(`step ${index}`));
    messages.push(assistant("all done"));
    store.appendMessages("cli:huge", "run-1", messages);
    expect(store.loadMessages("cli:huge")).toEqual([user("huge task"), assistant("all done")]);
  });
});
