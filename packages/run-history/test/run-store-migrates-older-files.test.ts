import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { callRunHistory, createRunSearchCache, type RunHistoryContext } from "../src/index.js";
import { createRunEventReader, openRunStore, type SqliteRunStore } from "../src/sqlite.js";
import { olderStoreFile } from "./fixtures/older-store.js";
import { completion } from "./fixtures/temp-store.js";

const base = Date.parse("2026-06-01T00:00:00Z");
const stores: SqliteRunStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function olderFile() {
  return olderStoreFile([
    {
      runId: "run-1",
      conversationId: "cli:a",
      status: "succeeded",
      updatedAtMs: base,
      userInput: "book flights",
    },
    {
      runId: "run-2",
      conversationId: "cli:a#2026-06-02",
      status: "failed",
      updatedAtMs: base + 1_000,
      userInput: "book flights to spain",
    },
    {
      runId: "run-3",
      conversationId: "cli:a",
      status: "running",
      updatedAtMs: base + 2_000,
      userInput: "flights north",
    },
    { runId: "run-4", conversationId: "cli:b", status: "succeeded", updatedAtMs: base, userInput: "flights" },
  ]);
}

function contextOf(store: SqliteRunStore, artifactsDir: string): RunHistoryContext {
  return {
    store,
    readEvents: createRunEventReader(artifactsDir),
    runId: "run-now",
    conversationId: "cli:a#2026-06-05",
    rollover: "daily",
    digest: (text) => Buffer.from(text).toString("base64url").padEnd(24, "x").slice(0, 24),
    searchCache: createRunSearchCache(),
  };
}

async function found(context: RunHistoryContext, query: string): Promise<string[]> {
  const result = await callRunHistory(context, { query, limit: 10 });
  expect(result.isError).toBeFalsy();
  return (result.structuredContent as { runs: { runId: string }[] }).runs.map((run) => run.runId);
}

describe("a run store file written before migration 0001 (settled-run numbering)", () => {
  test("is migrated on open: its settled runs are numbered and found by search, and runs settled or deleted later are seen", async () => {
    const { artifactsDir, file } = olderFile();
    const store = openRunStore({ file });
    stores.push(store);
    const sqlite = new Database(file, { readonly: true });
    expect(
      sqlite
        .prepare("SELECT run_id, settled_sequence FROM runs ORDER BY run_id")
        .raw()
        .all()
        .map((row) => {
          const [runId, sequence] = row as [string, number | null];
          return [runId, sequence !== null];
        }),
    ).toEqual([
      ["run-1", true],
      ["run-2", true],
      ["run-3", false],
      ["run-4", true],
    ]);
    sqlite.close();
    const context = contextOf(store, artifactsDir);
    expect(await found(context, "flights")).toEqual(["run-2", "run-1"]);
    expect(await found(context, "spain flights")).toEqual(["run-2"]);
    await store.completeRun("run-3", completion({ updatedAtMs: base + 3_000, endedAtMs: base + 3_000 }));
    expect(await found(context, "flights")).toEqual(["run-3", "run-2", "run-1"]);
    expect(await store.deleteRuns(["run-2"])).toEqual(["run-2"]);
    expect(await found(context, "flights")).toEqual(["run-3", "run-1"]);
  });

  test("opened read-only (not migrated), it is still listed, read and searched (reading the conversation's run ids on each call)", async () => {
    const { artifactsDir, file } = olderFile();
    const store = openRunStore({ file, readOnly: true });
    stores.push(store);
    expect((await store.listRuns()).runs.map((run) => run.runId)).toEqual([
      "run-3",
      "run-2",
      "run-4",
      "run-1",
    ]);
    expect((await store.getRun("run-2"))?.status).toBe("failed");
    expect(await store.readSettledRunsSince({ conversationId: "cli:a" })).toBeUndefined();
    const context = contextOf(store, artifactsDir);
    expect(await found(context, "flights")).toEqual(["run-2", "run-1"]);
    const writer = new Database(file);
    writer
      .prepare("UPDATE runs SET status = 'succeeded', updated_at_ms = ? WHERE run_id = 'run-3'")
      .run(base + 3_000);
    writer.close();
    expect(await found(context, "flights north")).toEqual(["run-3"]);
  });
});
