import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONVERSATION_TITLE_MODEL_TOOL_NAME, createWebRuns } from "../src/node/web-runs.js";
import { createWebThreadStore } from "../src/node/web-thread-store.js";
import type { WebRunRequest as RunRequest, WebRunResult as RunResult } from "../src/web-console-app.js";
import { createWebEventHub, type WebConsoleEvent } from "../src/web-event-hub.js";

/** A stand-in for app.run: streams two deltas, then waits until the request is aborted or released. */
function controllableRun() {
  const requests: RunRequest[] = [];
  let release: () => void = () => {};
  const run = (request: RunRequest): Promise<RunResult> => {
    requests.push(request);
    return new Promise((resolve) => {
      const settle = (status: RunResult["status"]) => resolve({ status, finalText: "" });
      queueMicrotask(() => {
        request.onEvent?.({
          type: "run_started",
          runId: "run-1",
          conversationId: "",
          model: "stub",
          tools: [],
        });
        request.onEvent?.({ type: "text_delta", text: "Hello " });
        request.onEvent?.({ type: "text_delta", text: "there" });
      });
      request.signal?.addEventListener("abort", () => settle("cancelled"), { once: true });
      release = () => settle("succeeded");
    });
  };
  return { run, requests, release: () => release() };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
};

describe("web runs", () => {
  it("run one at a time per thread, stream with offsets, and cancel", async () => {
    const store = createWebThreadStore({ file: join(mkdtempSync(join(tmpdir(), "web-runs-")), "w.sqlite") });
    const hub = createWebEventHub();
    const events: WebConsoleEvent[] = [];
    hub.subscribe((event) => events.push(event));
    const stub = controllableRun();
    const runs = createWebRuns({ run: stub.run, store, hub });
    const { threadId } = store.createThread();
    const other = store.createThread();

    const { turnId } = runs.start(threadId, "first");
    expect(() => runs.start(threadId, "second")).toThrowError(
      expect.objectContaining({ code: "thread_busy" }),
    );
    runs.start(other.threadId, "another thread runs in parallel");
    expect(stub.requests[0]).toMatchObject({
      conversationId: `web:${threadId}`,
      source: "web",
      web: { threadId, origin: "interactive", titleWritable: true },
    });
    await until(() => store.listTurns(threadId)[0]?.assistantText === "Hello there");
    const deltas = events.flatMap((event) =>
      event.type === "run" && event.turnId === turnId && event.event.type === "text_delta"
        ? [event.event]
        : [],
    );
    expect(deltas.map((delta) => [delta.offset, delta.text])).toEqual([
      [0, "Hello "],
      [6, "there"],
    ]);

    runs.cancel(threadId);
    await until(() => !runs.isRunning(threadId));
    expect(store.listTurns(threadId)[0]).toMatchObject({ status: "cancelled", assistantText: "Hello there" });
    expect(() => runs.cancel(threadId)).toThrowError(expect.objectContaining({ code: "no_run_in_progress" }));
    expect(() => runs.start(threadId, "   ")).toThrowError(
      expect.objectContaining({ code: "invalid_request" }),
    );
    await runs.close();
    expect(store.listTurns(other.threadId)[0]?.status).toBe("cancelled");
    store.close();
  });

  it("apply a title proposal only on the tool's successful result during the active turn", async () => {
    const store = createWebThreadStore({ file: join(mkdtempSync(join(tmpdir(), "web-runs-")), "w.sqlite") });
    const hub = createWebEventHub();
    const stub = controllableRun();
    const runs = createWebRuns({ run: stub.run, store, hub });
    const { threadId } = store.createThread();
    runs.start(threadId, "name it");
    const request = stub.requests[0] as RunRequest;
    const finished = (toolCallId: string, name: string, isError: boolean) => {
      request.onEvent?.({ type: "tool_started", toolCallId, name, arguments: {} });
      request.onEvent?.({ type: "tool_finished", toolCallId, name, isError, durationMs: 1, preview: "" });
    };
    request.web?.onTitleProposal?.("From an errored call");
    finished("c1", CONVERSATION_TITLE_MODEL_TOOL_NAME, true);
    finished("c2", "mcp__other__SetConversationTitle", false);
    expect(store.getThread(threadId).titleSource).toBe("first-message");
    finished("c3", CONVERSATION_TITLE_MODEL_TOOL_NAME, false);
    expect(store.getThread(threadId).titleSource).toBe("first-message");
    request.web?.onTitleProposal?.("From a good call");
    finished("c4", CONVERSATION_TITLE_MODEL_TOOL_NAME, false);
    expect(store.getThread(threadId).title).toBe("From a good call");
    stub.release();
    await until(() => !runs.isRunning(threadId));
    request.web?.onTitleProposal?.("After the turn");
    request.onEvent?.({
      type: "tool_finished",
      toolCallId: "c5",
      name: CONVERSATION_TITLE_MODEL_TOOL_NAME,
      isError: false,
      durationMs: 1,
      preview: "",
    });
    expect(store.getThread(threadId).title).toBe("From a good call");
    await runs.close();
    store.close();
  });
});
