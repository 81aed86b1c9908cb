import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWebThreadStore } from "../src/node/web-thread-store.js";
import { WebConsoleError } from "../src/web-console-error.js";

const storeFile = () => join(mkdtempSync(join(tmpdir(), "web-store-")), "web-threads.sqlite");

describe("the web thread store", () => {
  it("titles a thread by its first message until a title is set, and keeps everything across reopening", () => {
    const file = storeFile();
    const store = createWebThreadStore({ file });
    const thread = store.createThread();
    expect(thread).toMatchObject({
      title: "New thread",
      titleSource: "none",
      conversationId: `web:${thread.threadId}`,
    });
    const long = `Please\n\ncompare ${"these two long options ".repeat(6)}`;
    const { turnId } = store.startTurn(thread.threadId, long);
    store.startTurn(thread.threadId, "second message never becomes the title");
    const fallback = store.getThread(thread.threadId);
    expect(fallback.titleSource).toBe("first-message");
    expect(fallback.title.startsWith("Please compare these two long options")).toBe(true);
    expect([...fallback.title].length).toBeLessThanOrEqual(80);
    expect(fallback.title.endsWith("…")).toBe(true);

    store.setTurnRun(turnId, "run-1", "fixture:scripted");
    store.appendAssistantText(turnId, "Option A ");
    store.toolStarted(turnId, { toolCallId: "call-1", name: "mcp__x__lookup", arguments: { q: "a" } });
    store.toolProgress(turnId, "call-1", "halfway");
    store.toolFinished(turnId, { toolCallId: "call-1", isError: false, durationMs: 12, preview: "found" });
    store.appendAssistantText(turnId, "is better.");
    store.finishTurn(turnId, { status: "succeeded", finalText: "ignored: streamed text wins" });
    expect(store.proposeTitle(thread.threadId, "Comparing options")).toBe("applied");
    store.close();

    const reopened = createWebThreadStore({ file });
    expect(reopened.listThreads().map((listed) => listed.title)).toEqual(["Comparing options"]);
    const [first, second] = reopened.listTurns(thread.threadId);
    expect(first).toMatchObject({
      runId: "run-1",
      assistantText: "Option A is better.",
      status: "succeeded",
      toolCalls: [
        {
          name: "mcp__x__lookup",
          arguments: { q: "a" },
          status: "ok",
          progress: "halfway",
          resultPreview: "found",
          durationMs: 12,
        },
      ],
    });
    expect(second?.status).toBe("running");
    expect(reopened.interruptRunningTurns()).toBe(1);
    expect(reopened.listTurns(thread.threadId)[1]?.status).toBe("interrupted");
    reopened.close();
  });

  it("archives: the thread leaves the list, keeps its history, takes no message and no title proposal", () => {
    const store = createWebThreadStore({ file: storeFile() });
    const kept = store.createThread();
    const archived = store.createThread();
    store.startTurn(archived.threadId, "hello");
    store.archiveThread(archived.threadId);
    expect(store.listThreads().map((thread) => thread.threadId)).toEqual([kept.threadId]);
    expect(store.listThreads({ archived: true }).map((thread) => thread.threadId)).toEqual([
      archived.threadId,
    ]);
    expect(store.listTurns(archived.threadId)).toHaveLength(1);
    expect(() => store.startTurn(archived.threadId, "again")).toThrowError(
      expect.objectContaining({ code: "thread_archived" }),
    );
    expect(store.proposeTitle(archived.threadId, "Nope")).toBe("archived");
    expect(store.proposeTitle("no-such-thread", "Nope")).toBe("unknown-thread");
    const trigger = store.createThread({ origin: "trigger" });
    expect(store.proposeTitle(trigger.threadId, "Nope")).toBe("not-interactive");
    store.close();
  });

  it("refuses a bad manual title with a typed error and changes nothing", () => {
    const store = createWebThreadStore({ file: storeFile() });
    const thread = store.createThread();
    for (const bad of ["", "   ", "x".repeat(81), "tab\u0000null", 7]) {
      let caught: unknown;
      try {
        store.renameThread(thread.threadId, bad);
      } catch (error) {
        caught = error;
      }
      expect(WebConsoleError.isInstance(caught) && caught.code).toBe("invalid_title");
    }
    expect(store.getThread(thread.threadId)).toMatchObject({ titleLocked: false, titleSource: "none" });
    expect(() => store.getThread("missing")).toThrowError(
      expect.objectContaining({ code: "thread_not_found" }),
    );
    store.close();
  });
});
