import { createSecretScanner } from "@mono-agent/evidence";
import { removeTempDirs, tempDir } from "@mono-agent/test-utils";
import { afterEach, describe, expect, test } from "vitest";
import { type RecordedRunInfo, type RunRecordingService, startRunRecording } from "../src/recorder.js";

type HostEvent = { type: "warning"; kind: string; message: string } | { type: "text_delta"; text: string };

const services: RunRecordingService<HostEvent>[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.close();
  removeTempDirs();
});

async function start(systemPrompt: () => Promise<string | undefined> = async () => "be brief") {
  const service = await startRunRecording<HostEvent>({
    artifactsDir: tempDir("run-history-recorder-"),
    retention: { maxAgeDays: 365, maxCount: 50_000 },
    effort: "low",
    secretScanner: createSecretScanner({ env: { API_TOKEN: "sk-host-secret-value-123" } }),
    systemPrompt,
    warningOf: (event) =>
      event.type === "warning" ? { kind: event.kind, message: event.message } : undefined,
  });
  services.push(service);
  return service;
}

const run = (runId: string, source?: string): RecordedRunInfo => ({
  runId,
  conversationId: "web:thread-1",
  startedAt: new Date(),
  modelRef: "faux:faux-1",
  request: { input: "what is 2+2?", ...(source !== undefined ? { source } : {}) },
});

const ended = {
  status: "succeeded" as const,
  durationMs: 12,
  usage: { input: 10, output: 5, totalTokens: 15, costUsd: 0.001 },
  mcpServersUsed: ["calc"],
  finalText: "4",
};

describe("the recorder records a run from the host's agent and run events", () => {
  test("model messages, tool calls and warnings become recorded events; the summary counts them", async () => {
    const service = await start();
    const info = run("run-1");
    await service.observer.onRunStart(info);
    service.observer.onAgentEvent(info, {
      type: "message_end",
      message: {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "left out" },
          { type: "text", text: "Calculating." },
          { type: "toolCall", id: "call-1", name: "mcp__calc__add", arguments: { a: 2, b: 2 } },
        ],
      },
    });
    service.observer.onAgentEvent(info, {
      type: "tool_execution_start",
      toolCallId: "call-1",
      toolName: "mcp__calc__add",
    });
    service.observer.onAgentEvent(info, {
      type: "tool_execution_end",
      toolCallId: "call-1",
      toolName: "mcp__calc__add",
      result: { content: [{ type: "text", text: "4" }] },
      isError: false,
    });
    service.observer.onAgentEvent(info, { type: "turn_end" });
    service.observer.onRunEvent(info, { type: "text_delta", text: "4" });
    service.observer.onRunEvent(info, {
      type: "warning",
      kind: "server_slow",
      message: "uses sk-host-secret-value-123",
    });
    await service.observer.onRunEnd(info, ended);

    const summary = await service.store.getRun("run-1");
    expect(summary).toMatchObject({
      status: "succeeded",
      source: "web",
      effort: "low",
      toolCallCount: 1,
      finalOutput: "4",
      mcpServersUsed: ["calc"],
    });
    expect(summary?.warnings).toHaveLength(1);
    expect(summary?.warnings[0]?.kind).toBe("server_slow");
    expect(summary?.warnings[0]?.message).not.toContain("sk-host-secret-value-123");
    expect(await service.store.getRunPrivateFields("run-1")).toEqual({ systemPrompt: "be brief" });

    const types = (await service.readEvents("run-1")).events.map(({ event }) => event.type);
    expect(types).toEqual(["assistant", "user", "tool_timing", "runtime_warning"]);
  });

  test("a request's own source is kept, and a failing system prompt records the run without one", async () => {
    const service = await start(async () => {
      throw new Error("instructions unreadable");
    });
    const info = run("run-2", "cli");
    await service.observer.onRunStart(info);
    await service.observer.onRunEnd(info, {
      ...ended,
      status: "failed",
      error: { kind: "model_error", message: "down" },
    });
    expect(await service.store.getRun("run-2")).toMatchObject({ status: "failed", source: "cli" });
    expect(await service.store.getRunPrivateFields("run-2")).toBeUndefined();
  });

  test("a continuation delivery is recorded once as a settled run of its conversation", async () => {
    const service = await start();
    const delivery = {
      runId: "continuation-c1",
      conversationId: "cli:jobs",
      serverName: "jobs",
      originRunId: "run-origin",
      model: "demo:offline",
      text: "Your task finished.",
      startedAt: new Date(),
    };
    await service.recordContinuationDelivery(delivery);
    await service.recordContinuationDelivery({ ...delivery, text: "a repeat writes nothing" });
    expect(await service.store.getRun("continuation-c1")).toMatchObject({
      status: "succeeded",
      source: "continuation",
      sourceDetail: "jobs",
      userInput: "Result of jobs for run run-origin",
      finalOutput: "Your task finished.",
    });
  });
});
