import { describe, expect, test } from "vitest";
import { runListReport, runShowReport } from "../src/report.js";
import type { RunEventsRead } from "../src/run-event.js";
import type { RunSummary } from "../src/run-summary.js";

const run: RunSummary = {
  runId: "run-1",
  conversationId: "cli:a#2026-07-12",
  logicalConversationId: "cli:a",
  rolloverBucket: "2026-07-12",
  status: "failed",
  startedAt: "2026-07-12T09:30:00.000Z",
  endedAt: "2026-07-12T09:30:02.500Z",
  updatedAt: "2026-07-12T09:30:02.500Z",
  durationMs: 2_500,
  model: "faux",
  source: "cli",
  userInput: "say \u001b[31mred\u001b[0m\nplease",
  failureKind: "tool_error",
  error: "boom",
  usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: 0.00123 },
  toolCallCount: 2,
  toolErrorCount: 1,
  tools: [{ name: "read_file", calls: 2, errors: 1 }],
  mcpServersUsed: [],
  warnings: [],
  finalOutput: "line one\n\u001b]0;title\u0007line two",
  eventCount: 1,
  eventsDropped: 0,
};

const read: RunEventsRead = {
  runId: "run-1",
  exists: true,
  events: [{ line: 1, event: { type: "tool_timing", name: "read_file", execution_ms: 12 } as never }],
  totalEvents: 1,
  omittedEvents: 0,
  badLines: [{ line: 2, reason: "invalid JSON" }],
  omittedBadLines: 0,
  truncatedRead: false,
};

describe("runs list report", () => {
  test("without a store: the empty JSON object, or the sentence", () => {
    expect(runListReport(undefined, "json")).toBe('{"runs":[],"count":0,"total":0}\n');
    expect(runListReport(undefined, "text")).toBe("No runs recorded yet.\n");
  });

  test("an empty page says whether a filter excluded the runs", () => {
    const empty = { runs: [], total: 0, hasMore: false };
    expect(runListReport({ ...empty, filtered: false }, "text")).toBe("No runs recorded yet.\n");
    expect(runListReport({ ...empty, filtered: true }, "text")).toBe("No runs match.\n");
  });

  test("the table prints recorded input on one line without terminal controls", () => {
    const text = runListReport({ runs: [run], total: 3, hasMore: true, filtered: false }, "text");
    expect(text).not.toContain("\u001b");
    expect(text.split("\n")).toEqual([
      "RUN ID  STATUS  STARTED               DURATION  TOOLS/ERR  CONVERSATION      INPUT",
      "run-1   failed  2026-07-12 09:30:00Z  2.5s      2/1        cli:a#2026-07-12  say red please",
      "Showing 1 of 3. `mono-agent runs show <runId>` for one run.",
      "",
    ]);
  });
});

describe("runs show report", () => {
  test("the detail view strips the output's controls and names the damaged lines", () => {
    const report = runShowReport(run, read, { events: true, format: "text" });
    expect(report.output).not.toMatch(/[\u001b\u0007]/);
    expect(report.output).toContain("  Status:       failed (tool_error)\n");
    expect(report.output).toContain("    line two\n");
    expect(report.output).toContain("Events:\n    1  tool_timing    read_file 12ms\n");
    expect(report.damage).toBe(
      "the events file of run run-1 is damaged: 1 readable; 1 unreadable: line 2 (invalid JSON)",
    );
  });

  test("JSON holds the run and the file's health, and the events only when asked", () => {
    const withoutEvents = JSON.parse(runShowReport(run, read, { events: false, format: "json" }).output);
    expect(Object.keys(withoutEvents)).toEqual(["run", "eventsFile"]);
    expect(withoutEvents.eventsFile.badLines).toEqual(read.badLines);
    const withEvents = JSON.parse(runShowReport(run, read, { events: true, format: "json" }).output);
    expect(withEvents.events).toEqual(read.events);
  });
});
