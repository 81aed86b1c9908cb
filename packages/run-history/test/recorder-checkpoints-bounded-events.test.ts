import { readFileSync } from "node:fs";
import { createSecretScanner } from "@mono-agent/evidence";
import { describe, expect, test } from "vitest";
import type { RunEvent } from "../src/index.js";
import { createRunRecorder, readRunEvents, runEventsFile } from "../src/sqlite.js";
import { tempStore } from "./fixtures/temp-store.js";

const start = (runId: string) => ({
  runId,
  conversationId: "web:thread-1#2026-04-01",
  startedAt: new Date("2026-04-01T10:00:00Z"),
  model: "faux:faux-1",
  effort: "low",
  source: "web",
  sourceDetail: "console",
  userInput: "summarise the newsletter",
  privateFields: { systemPrompt: "be brief" },
});

const usage = { inputTokens: 100, outputTokens: 20, totalTokens: 120, costUsd: 0.01 };

function toolCall(id: string, name: string, input: unknown): RunEvent {
  return { type: "assistant", message: { content: [{ type: "tool_use", id, name, input }] } };
}

function toolResult(id: string, text: string, isError = false): RunEvent {
  return {
    type: "user",
    message: {
      content: [
        { type: "tool_result", tool_use_id: id, content: [{ type: "text", text }], is_error: isError },
      ],
    },
  };
}

function fileLines(artifactsDir: string, runId: string): number {
  const text = readFileSync(runEventsFile(artifactsDir, runId), "utf8");
  return text === "" ? 0 : text.trimEnd().split("\n").length;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500 && !(await check()); attempt++)
    await new Promise((r) => setTimeout(r, 10));
}

describe("run recorder", () => {
  test("a run starts as running with an empty events file, then checkpoints every 25 events", async () => {
    const { artifactsDir, store } = tempStore();
    const recorder = createRunRecorder({ store, artifactsDir, checkpointIntervalMs: 60_000 });
    const recording = await recorder.startRun(start("cp-1"));
    expect(fileLines(artifactsDir, "cp-1")).toBe(0);
    expect(await store.getRun("cp-1")).toMatchObject({
      status: "running",
      logicalConversationId: "web:thread-1",
      rolloverBucket: "2026-04-01",
      effort: "low",
      sourceDetail: "console",
    });
    for (let index = 0; index < 24; index++) recording.record(toolResult(`t${index}`, "x"));
    await new Promise((r) => setTimeout(r, 50));
    expect(fileLines(artifactsDir, "cp-1")).toBe(0);
    recording.record(toolResult("t24", "x"));
    await until(async () => (await store.getRun("cp-1"))?.eventCount === 25);
    expect(fileLines(artifactsDir, "cp-1")).toBe(25);
    expect((await store.getRun("cp-1"))?.status).toBe("running");
    await recording.finish({ status: "succeeded", durationMs: 5, usage, mcpServersUsed: [] });
  });

  test("a lone event is checkpointed after the interval", async () => {
    const { artifactsDir, store } = tempStore();
    const recording = await createRunRecorder({ store, artifactsDir, checkpointIntervalMs: 30 }).startRun(
      start("cp-2"),
    );
    recording.record(toolCall("a", "Read", { path: "README.md" }));
    await until(async () => (await store.getRun("cp-2"))?.eventCount === 1);
    expect(fileLines(artifactsDir, "cp-2")).toBe(1);
    await recording.finish({ status: "succeeded", durationMs: 5, usage, mcpServersUsed: [] });
  });

  test("strings are bounded, sensitive keys and configured secrets are redacted before writing", async () => {
    const { artifactsDir, store } = tempStore();
    const secret = "s3cr3t-value-0123456789";
    const recording = await createRunRecorder({
      store,
      artifactsDir,
      secretScanner: createSecretScanner({ env: { SERVICE_API_KEY: secret } }),
    }).startRun(start("bound-1"));
    recording.record(
      toolCall("c1", "mcp__svc__call", { apiKey: "literal-key", query: `use ${secret}`, tokens: 42 }),
    );
    recording.record(toolResult("c1", "é".repeat(10_000)));
    await recording.finish({
      status: "succeeded",
      durationMs: 5,
      usage,
      mcpServersUsed: ["svc"],
      finalOutput: `done ${secret}`,
    });
    const text = readFileSync(runEventsFile(artifactsDir, "bound-1"), "utf8");
    expect(text).not.toContain(secret);
    expect(text).not.toContain("literal-key");
    const read = await readRunEvents(artifactsDir, "bound-1");
    const call = read.events[0]?.event;
    expect(call?.type === "assistant" && call.message.content[0]).toMatchObject({
      input: { apiKey: "[redacted]", tokens: 42 },
    });
    const result = read.events[1]?.event;
    const resultText = result?.type === "user" ? result.message.content[0]?.content[0]?.text : "";
    expect(Buffer.byteLength(resultText ?? "")).toBeLessThanOrEqual(4_096);
    expect(resultText).toMatch(/…\[truncated \d+ bytes\]$/);
    const summary = await store.getRun("bound-1");
    expect(summary?.finalOutput).toBe("done [redacted]");
    expect(summary?.mcpServersUsed).toEqual(["svc"]);
  });

  test("summary and events agree: counts, tool names, errors, warnings, failure", async () => {
    const { artifactsDir, store } = tempStore();
    const recording = await createRunRecorder({ store, artifactsDir }).startRun(start("agree-1"));
    recording.record(toolCall("c1", "mcp__fixture__echo", { text: "hi" }));
    recording.record(toolResult("c1", "hi"));
    recording.record(toolCall("c2", "Read", { path: "missing.md" }));
    recording.record(toolResult("c2", "ENOENT", true));
    recording.record({ type: "tool_timing", tool_use_id: "c2", name: "Read", execution_ms: 3 });
    recording.warn({ kind: "mcp_server_unavailable", message: "server x failed", serverName: "x" });
    await recording.finish({
      status: "failed",
      durationMs: 42,
      usage,
      mcpServersUsed: ["fixture"],
      failureKind: "provider_error",
      error: "upstream 500",
    });
    const summary = await store.getRun("agree-1");
    const read = await readRunEvents(artifactsDir, "agree-1");
    expect(summary).toMatchObject({
      status: "failed",
      failureKind: "provider_error",
      error: "upstream 500",
      toolCallCount: 2,
      toolErrorCount: 1,
      eventCount: read.totalEvents,
      durationMs: 42,
      usage,
      warnings: [{ kind: "mcp_server_unavailable", message: "server x failed", serverName: "x" }],
    });
    expect(summary?.tools).toEqual([
      { name: "Read", calls: 1, errors: 1 },
      { name: "mcp__fixture__echo", calls: 1, errors: 0 },
    ]);
    expect(read.events.map((entry) => entry.event.type)).toEqual([
      "assistant",
      "user",
      "assistant",
      "user",
      "tool_timing",
      "runtime_warning",
      "run_failure",
    ]);
    expect(read.events.at(-1)?.event).toMatchObject({
      failure_kind: "provider_error",
      message: "upstream 500",
    });
    expect(await store.getRunPrivateFields("agree-1")).toEqual({ systemPrompt: "be brief" });
  });

  test("events after finish and a late checkpoint never change a settled run", async () => {
    const { artifactsDir, store } = tempStore();
    const recording = await createRunRecorder({ store, artifactsDir, checkpointIntervalMs: 1 }).startRun(
      start("late-1"),
    );
    recording.record(toolCall("c1", "Read", {}));
    await recording.finish({
      status: "cancelled",
      durationMs: 1,
      usage,
      mcpServersUsed: [],
      failureKind: "cancelled",
    });
    recording.record(toolResult("c1", "late"));
    await new Promise((r) => setTimeout(r, 30));
    expect(await store.getRun("late-1")).toMatchObject({ status: "cancelled", eventCount: 2 });
    expect(fileLines(artifactsDir, "late-1")).toBe(2);
  });

  test("bad options and ids are typed errors", async () => {
    const { artifactsDir, store } = tempStore();
    expect(() => createRunRecorder({ store, artifactsDir, checkpointEveryEvents: 0 })).toThrow(
      /positive integer/,
    );
    await expect(createRunRecorder({ store, artifactsDir }).startRun(start("../x"))).rejects.toMatchObject({
      code: "invalid_run_id",
    });
  });
});
