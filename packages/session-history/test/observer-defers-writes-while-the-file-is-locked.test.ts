import { join } from "node:path";
import { tempDir } from "@mono-agent/test-utils";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
// The writer runs its bundled worker thread, which only the build has.
import { startToolHistoryWriter } from "../dist/sqlite/index.js";
import { createSessionHistoryObserver, type PersistenceResult } from "../src/index.js";
import { openToolHistoryStore } from "../src/sqlite/index.js";

describe("the session-history observer while another connection holds the sidecar locked", () => {
  test("the observer reports each event's write as deferred while the lock is held, and both records are committed after the drain", async () => {
    const file = join(tempDir("session-history-lock-observer-"), "tool-lifecycles.sqlite");
    const writer = startToolHistoryWriter({ file });
    await writer.maintain();
    const outcomes: PersistenceResult[] = [];
    const observer = createSessionHistoryObserver({
      writer,
      onPersistence: (_write, outcome) => outcomes.push(outcome),
    });
    const info = {
      runId: "run-1",
      conversationId: "cli:default",
      request: { source: "cli" },
      startedAt: new Date(),
      signal: new AbortController().signal,
    };
    const locker = new Database(file);
    locker.exec("BEGIN EXCLUSIVE");
    await observer.onAgentEvent?.(info, {
      type: "tool_execution_start",
      toolCallId: "c1",
      toolName: "Read",
      args: { path: "a" },
    });
    await observer.onAgentEvent?.(info, {
      type: "tool_execution_end",
      toolCallId: "c1",
      toolName: "Read",
      result: { content: [{ type: "text", text: "ok" }] },
      isError: false,
    });
    expect(outcomes).toEqual([
      { persistence: "deferred", errorCode: "history_persistence_timeout" },
      { persistence: "deferred", errorCode: "history_persistence_timeout" },
    ]);
    setTimeout(() => locker.exec("ROLLBACK"), 300);
    await observer.onRunEnd?.(info, {} as never);
    locker.close();
    expect(writer.statistics()).toMatchObject({ persisted: 2, deferred: 2, failed: 0 });
    await writer.close();
    const store = openToolHistoryStore({ file });
    expect(
      store.listCompletedCalls(
        { conversationId: "cli:default", runId: "x", rollover: "none", includeIsolated: false },
        5,
      ),
    ).toHaveLength(1);
    store.close();
  });
});
