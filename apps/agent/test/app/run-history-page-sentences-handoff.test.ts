import { afterEach, describe, expect, test } from "vitest";
import { openRunHistoryHarness, type ResultBody } from "./run-history-harness.js";
import {
  type ConnectedSessionHistory,
  openHarness as openSessionHistoryHarness,
} from "./session-history-harness.js";

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/**
 * A cancelled run recorded in both stores: RunHistory's summary (with its events) and the SessionHistory
 * sidecar (its managed-tool calls, one of them isolated, one with a result larger than a chunk).
 */
async function recoveryScene(options: { sessionCalls?: boolean } = {}) {
  const runs = openRunHistoryHarness();
  closers.push(runs.closeAll);
  await runs.seed({ runId: "run-other", userInput: "something else" });
  await runs.seed({
    runId: "run-cut",
    status: "cancelled",
    failureKind: "cancelled",
    userInput: "migrate the invoices table",
    finalOutput: "Migrated 2 of 5 batches",
  });
  const sessions = openSessionHistoryHarness();
  if (options.sessionCalls !== false) {
    sessions.record({
      runId: "run-cut",
      toolCallId: "c1",
      toolName: "Bash",
      args: { command: "migrate batch 1" },
    });
    sessions.record({
      runId: "run-cut",
      toolCallId: "c2",
      toolName: "Bash",
      args: { command: "migrate batch 2" },
      result: { content: [{ type: "text", text: `batch 2 log ${"line\n".repeat(4_000)}` }] },
      isolated: true,
    });
  }
  sessions.record({ runId: "run-other", toolCallId: "c9", toolName: "Read", args: { path: "notes.md" } });
  const history = await runs.connect({ runId: "run-now" });
  const sessionHistory: ConnectedSessionHistory = await sessions.connect({ runId: "run-now" });
  closers.push(() => sessionHistory.close());
  const overview = (await history.call({ runId: "run-cut" })).body;
  return { history, sessionHistory, overview };
}

async function followHandoff(overview: ResultBody, sessionHistory: ConnectedSessionHistory) {
  const handoff = overview.navigation.relatedTools[0];
  return (await sessionHistory.call(handoff.arguments)).body;
}

describe("RunHistory: prior-run evidence (seed page, one test per sentence): interrupted-work recovery", () => {
  test("After inspecting a cancelled or interrupted candidate, its overview labels the output as incomplete evidence and exposes a conditional exact run-scoped sibling-tool handoff in navigation.relatedTools.", async () => {
    const { overview } = await recoveryScene();
    expect(overview.run.evidence).toBe("incomplete");
    expect(overview.incompleteEvidence).toMatch(/cancelled.*incomplete evidence/);
    expect(overview.finalOutput).toBe("Migrated 2 of 5 batches");
    expect(overview.navigation.relatedTools).toEqual([
      expect.objectContaining({
        tool: "SessionHistory",
        arguments: { action: "search", runIds: ["run-cut"], includeIsolated: true },
      }),
    ]);
  });

  test('Follow it only when SessionHistory is available: { "action": "search", "runIds": ["cancelled-run-id"], "includeIsolated": true }', async () => {
    const { overview, sessionHistory } = await recoveryScene();
    expect(overview.navigation.relatedTools[0].condition).toMatch(
      /only when the SessionHistory tool is available/,
    );
    const found = await followHandoff(overview, sessionHistory);
    expect(found.items.map((item: { toolCallId: string }) => item.toolCallId).sort()).toEqual(["c1", "c2"]);
  });

  test("Keep that search free of a states filter so every retained terminal tool state is considered.", async () => {
    const { overview } = await recoveryScene();
    expect(overview.navigation.relatedTools[0].arguments).not.toHaveProperty("states");
    expect(overview.navigation.relatedTools[0].description).toMatch(/free of a states filter/);
  });

  test("If it is empty, do not broaden to another run or conversation.", async () => {
    const { overview, sessionHistory } = await recoveryScene({ sessionCalls: false });
    expect(overview.navigation.relatedTools[0].description).toMatch(
      /do not broaden to another run or conversation/,
    );
    const found = await followHandoff(overview, sessionHistory);
    expect(found.items).toEqual([]);
    expect(found.navigation.guidance).toMatch(/Do not broaden/);
  });

  test("Each search result distinguishes the invocation recordId from its terminal resultRecordId.", async () => {
    const { overview, sessionHistory } = await recoveryScene();
    const found = await followHandoff(overview, sessionHistory);
    for (const item of found.items) {
      expect(item.recordId).toEqual(expect.any(String));
      expect(item.resultRecordId).toEqual(expect.any(String));
      expect(item.resultRecordId).not.toBe(item.recordId);
    }
  });

  test("Follow the response’s trusted navigation to inspect the result record when present and the invocation record when its arguments are needed.", async () => {
    const { overview, sessionHistory } = await recoveryScene();
    expect(overview.navigation.relatedTools[0].description).toMatch(/result record.*invocation record/);
    const found = await followHandoff(overview, sessionHistory);
    const kinds = found.navigation.nextActions.map((action: { kind: string }) => action.kind);
    expect(kinds.slice(0, 2)).toEqual(["get_result", "get_invocation"]);
    const result = await sessionHistory.call(found.navigation.nextActions[0].arguments);
    expect(result.body.record.recordId).toBe(found.items[0].resultRecordId);
  });

  test("Those exact get calls retain includeIsolated: true, use the supported 8192-byte chunk bound, and provide another exact get action whenever a cursor must be followed.", async () => {
    const { overview, sessionHistory } = await recoveryScene();
    const found = await followHandoff(overview, sessionHistory);
    for (const action of found.navigation.nextActions)
      expect(action.arguments).toMatchObject({ action: "get", includeIsolated: true, chunkBytes: 8192 });
    const big = found.items.find((item: { toolCallId: string }) => item.toolCallId === "c2");
    let next = (
      await sessionHistory.call({
        action: "get",
        recordId: big.resultRecordId,
        includeIsolated: true,
        chunkBytes: 8192,
      })
    ).body;
    let chunks = 1;
    while (next.navigation.nextActions.some((action: { kind: string }) => action.kind === "next_get_chunk")) {
      const action = next.navigation.nextActions.find(
        (candidate: { kind: string }) => candidate.kind === "next_get_chunk",
      );
      expect(action.arguments).toMatchObject({ action: "get", includeIsolated: true, chunkBytes: 8192 });
      next = (await sessionHistory.call(action.arguments)).body;
      chunks += 1;
    }
    expect(chunks).toBeGreaterThan(1);
  });

  test("A bounded search preview is not the full record and must not substitute for record-level inspection during interrupted-work recovery.", async () => {
    const { overview, sessionHistory } = await recoveryScene();
    expect(overview.navigation.relatedTools[0].description).toMatch(/search preview is not the full record/);
    const found = await followHandoff(overview, sessionHistory);
    expect(found.navigation.guidance).toMatch(/not full records/);
  });

  test("This path recovers grounded evidence only: it does not resume provider state, replay a tool, rerun work, or guarantee continuation from the interrupted point.", async () => {
    const { overview, history } = await recoveryScene();
    expect(overview.navigation.relatedTools[0].description).toMatch(/nothing is resumed, replayed or rerun/);
    expect(overview.notice).toMatch(/reruns nothing/);
    const { tools } = await history.client.listTools();
    expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
  });

  test("Continuation is fresh work in the current run, using currently available tools and fresh verification.", async () => {
    const { overview } = await recoveryScene();
    expect(overview.navigation.guidance).toMatch(
      /continuation is fresh work in the current run, verified afresh/i,
    );
    expect(overview.navigation.relatedTools[0].description).toMatch(
      /fresh work in the current run with fresh verification/,
    );
  });
});
