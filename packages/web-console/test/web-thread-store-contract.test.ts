import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createWebThreadStore, type WebThreadStore } from "../src/node/web-thread-store.js";
import { openPostgresWebThreadStore, WEB_CONSOLE_POSTGRES_MIGRATIONS } from "../src/postgres.js";

/**
 * The web thread store contract: every test runs on SQLite (one file) and on PostgreSQL (embedded, a
 * fresh schema per test). `open(host)` gives another handle on the same data: a reopened process on
 * SQLite, another host on PostgreSQL.
 */
let server: TestPostgres;
let schemas = 0;
const pools: PostgresPool[] = [];
const opened: WebThreadStore[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  await server?.stop();
});

interface Engine {
  name: string;
  /** Whether interruptRunningTurns leaves other hosts' turns alone (SQLite has one host). */
  perHost: boolean;
  open(): Promise<(host: string) => WebThreadStore>;
}

const engines: Engine[] = [
  {
    name: "SQLite",
    perHost: false,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), "web-store-contract-"));
      dirs.push(dir);
      return () => {
        const store = createWebThreadStore({ file: join(dir, "web-threads.sqlite") });
        opened.push(store);
        return store;
      };
    },
  },
  {
    name: "PostgreSQL",
    perHost: true,
    async open() {
      const schema = `web_threads_${++schemas}`;
      const pool = openPostgresPool({ url: server.url, schema });
      pools.push(pool);
      await migratePostgres(pool, [WEB_CONSOLE_POSTGRES_MIGRATIONS]);
      return (hostId) => {
        const store = openPostgresWebThreadStore({ url: server.url, schema, hostId });
        opened.push(store);
        return store;
      };
    },
  },
];

describe.each(engines)("the web thread store on $name", (engine) => {
  it("keeps threads, turns and tool calls for another handle to read", async () => {
    const open = await engine.open();
    const a = open("host-a");
    const thread = a.createThread();
    expect(thread).toMatchObject({ title: "New thread", titleSource: "none", version: 1, archived: false });
    const { turnId, sequence } = a.startTurn(thread.threadId, "Compare the options", [
      { name: "notes.txt", bytes: 12 },
    ] as never);
    expect(sequence).toBe(1);
    a.setTurnRun(turnId, "run-1", "fixture:scripted");
    a.appendAssistantText(turnId, "Option A ");
    a.toolStarted(turnId, { toolCallId: "call-1", name: "lookup", arguments: { q: "a" } });
    a.toolStarted(turnId, { toolCallId: "call-1", name: "lookup", arguments: { q: "again" } });
    a.toolProgress(turnId, "call-1", "halfway");
    a.toolFinished(turnId, { toolCallId: "call-1", isError: false, durationMs: 12, preview: "found" });
    a.noteToolCall(turnId, "call-1", "cached");
    a.toolStarted(turnId, { toolCallId: "call-2", name: "slow", arguments: {} });
    a.appendAssistantText(turnId, "is better.");
    a.finishTurn(turnId, { status: "succeeded", finalText: "ignored: streamed text wins" });

    const b = open("host-b");
    const [listed] = b.listThreads();
    expect(listed).toMatchObject({
      threadId: thread.threadId,
      title: "Compare the options",
      titleSource: "first-message",
    });
    expect(listed?.version).toBeGreaterThan(thread.version);
    const [turn] = b.listTurns(thread.threadId);
    expect(turn).toMatchObject({
      runId: "run-1",
      model: "fixture:scripted",
      userText: "Compare the options",
      assistantText: "Option A is better.",
      status: "succeeded",
      error: null,
      toolCalls: [
        {
          toolCallId: "call-1",
          arguments: { q: "a" },
          status: "ok",
          progress: "halfway",
          note: "cached",
          durationMs: 12,
        },
        { toolCallId: "call-2", status: "interrupted" },
      ],
    });
    expect(turn?.attachments).toEqual([{ name: "notes.txt", bytes: 12 }]);
    const second = b.startTurn(thread.threadId, "and now?");
    expect(second.sequence).toBe(2);
    b.finishTurn(second.turnId, { status: "failed", finalText: "fallback", error: "model down" });
    expect(a.listTurns(thread.threadId)[1]).toMatchObject({ assistantText: "fallback", error: "model down" });
  });

  it("archives, renames with a lock, and refuses title proposals the way SQLite does", async () => {
    const open = await engine.open();
    const store = open("host-a");
    const first = store.createThread();
    const trigger = store.createThread({ origin: "trigger" });
    const other = store.createThread();
    expect(store.proposeTitle(first.threadId, "Agent title")).toBe("applied");
    expect(store.getThread(first.threadId)).toMatchObject({ title: "Agent title", titleSource: "agent" });
    expect(store.renameThread(first.threadId, "  Mine  ")).toMatchObject({
      title: "Mine",
      titleLocked: true,
    });
    expect(store.proposeTitle(first.threadId, "Later")).toBe("locked");
    expect(store.proposeTitle(trigger.threadId, "T")).toBe("not-interactive");
    expect(store.proposeTitle("missing", "T")).toBe("unknown-thread");
    expect(() => store.renameThread(first.threadId, "")).toThrow(
      expect.objectContaining({ code: "invalid_title" }),
    );
    expect(() => store.getThread("missing")).toThrow(expect.objectContaining({ code: "thread_not_found" }));
    const archived = store.archiveThread(other.threadId);
    expect(archived.archived).toBe(true);
    expect(store.archiveThread(other.threadId).version).toBe(archived.version);
    expect(store.proposeTitle(other.threadId, "T")).toBe("archived");
    expect(() => store.startTurn(other.threadId, "hi")).toThrow(
      expect.objectContaining({ code: "thread_archived" }),
    );
    expect(store.listThreads({ archived: true }).map((thread) => thread.threadId)).toEqual([other.threadId]);
    expect(store.listThreads().map((thread) => thread.threadId)).not.toContain(other.threadId);
    expect(store.touchThread(trigger.threadId)).toBe(true);
    expect(store.touchThread("missing")).toBe(false);
    expect(store.listThreads()[0]?.threadId).toBe(trigger.threadId);
  });

  it("interrupts the running turns of the restarted host only", async () => {
    const open = await engine.open();
    const a = open("host-a");
    const b = open("host-b");
    const thread = a.createThread();
    const onA = a.startTurn(thread.threadId, "on a");
    a.toolStarted(onA.turnId, { toolCallId: "c", name: "t", arguments: {} });
    const onB = b.startTurn(thread.threadId, "on b");
    expect(a.interruptRunningTurns()).toBe(engine.perHost ? 1 : 2);
    const statuses = b
      .listTurns(thread.threadId)
      .map((turn) => [turn.turnId, turn.status, turn.toolCalls[0]?.status]);
    expect(statuses).toEqual([
      [onA.turnId, "interrupted", "interrupted"],
      [onB.turnId, engine.perHost ? "running" : "interrupted", undefined],
    ]);
  });
});
