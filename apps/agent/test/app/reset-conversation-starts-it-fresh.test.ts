import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { openRunStore, runStoreFile } from "@mono-agent/run-history/sqlite";
import { openToolHistoryStore, sessionHistoryFile } from "@mono-agent/session-history/sqlite";
import { createFauxModel, type FauxModel } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { createConversationStore } from "../../src/conversations/conversation-store.js";
import { conversationStoreFile } from "../../src/conversations/conversation-store-file.js";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

const SESSION_HISTORY = "mcp__mono-agent-session-history__SessionHistory";

function startApp(cwd: string) {
  return startMonoAgentApp({
    config: { runtime: { model: "faux:test", session: { rollover: "daily" } } },
    cwd,
    env: { PATH: process.env.PATH ?? "" },
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
  });
}

function textOf(message: unknown): string {
  const content = (message as { content?: unknown }).content;
  return typeof content === "string" ? content : JSON.stringify(content);
}

/** One run that reads README.md with the built-in Read tool: four messages and one SessionHistory record. */
function readReadme(): void {
  faux.setResponses([
    fauxAssistantMessage([fauxToolCall("Read", { path: "README.md" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("read it"),
  ]);
}

async function rejection(promise: Promise<unknown>): Promise<MonoAgentRuntimeError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(MonoAgentRuntimeError.isInstance(error), String(error)).toBe(true);
  return error as MonoAgentRuntimeError;
}

describe("MonoAgentApp.resetConversation", () => {
  test("forgets messages and SessionHistory records of every rollover bucket; recorded runs stay; the next run starts fresh", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "reset-conversation-"));
    writeFileSync(join(cwd, "README.md"), "the pineapple passphrase\n");
    const app = await startApp(cwd);
    readReadme();
    expect(
      (await app.run({ input: "read it, day one", conversationId: "cli:reset#2026-07-11" })).status,
    ).toBe("succeeded");
    readReadme();
    expect(
      (await app.run({ input: "read it, day two", conversationId: "cli:reset#2026-07-12" })).status,
    ).toBe("succeeded");
    readReadme();
    // With daily rollover the host puts an id without a bucket into today's bucket.
    const other = await app.run({ input: "someone else", conversationId: "cli:other" });
    expect(other.status).toBe("succeeded");
    expect(other.conversationId).toMatch(/^cli:other#\d{4}-\d{2}-\d{2}$/);

    expect(await app.resetConversation("cli:reset#2026-07-12")).toEqual({
      conversationId: "cli:reset",
      removedMessages: 8,
      removedToolCalls: 2,
    });
    await app.close();

    // A new process: nothing of the reset conversation is restored, and no cold reseed brings it back.
    const next = await startApp(cwd);
    let firstMessages: string[] = [];
    let historyAnswer = "";
    faux.setResponses([
      (context) => {
        firstMessages = said(context).map(textOf);
        return fauxAssistantMessage([fauxToolCall(SESSION_HISTORY, {})], { stopReason: "toolUse" });
      },
      (context) => {
        historyAnswer = textOf(context.messages.at(-1));
        return fauxAssistantMessage("nothing earlier");
      },
    ]);
    const fresh = await next.run({ input: "what did we do?", conversationId: "cli:reset#2026-07-13" });
    expect(fresh.status, JSON.stringify(fresh.error)).toBe("succeeded");
    expect(firstMessages).toEqual([JSON.stringify([{ type: "text", text: "what did we do?" }])]);
    // The SessionHistory search of the logical session (every bucket) finds nothing from before the reset.
    expect(historyAnswer).toMatch(/items\\?":\[\],\\?"count\\?":0/);
    expect(historyAnswer).not.toContain("pineapple");
    expect(historyAnswer).not.toContain("README");

    // The other conversation keeps its messages and records.
    const conversations = createConversationStore({ file: conversationStoreFile(next.loaded) });
    const sidecar = openToolHistoryStore({ file: sessionHistoryFile(next.loaded), readOnly: true });
    const runStore = openRunStore({ file: runStoreFile(next.loaded.artifactsDir), readOnly: true });
    try {
      expect(await conversations.loadMessages(other.conversationId)).toHaveLength(4);
      expect(await conversations.loadMessages("cli:reset#2026-07-11")).toEqual([]);
      const scope = { runId: "none", rollover: "daily" as const, includeIsolated: true };
      expect(
        sidecar
          .listCompletedCalls({ ...scope, conversationId: "cli:reset#2026-07-11" }, 10)
          .map((call) => call.toolName),
      ).toEqual([SESSION_HISTORY]);
      expect(sidecar.listCompletedCalls({ ...scope, conversationId: "cli:other" }, 10)).toHaveLength(1);
      // RunHistory is the durable record: the runs from before the reset are still listed.
      const runs = await runStore.listRuns({ logicalConversationId: "cli:reset" });
      expect(runs.runs.map((run) => run.userInput)).toEqual([
        "what did we do?",
        "read it, day two",
        "read it, day one",
      ]);
    } finally {
      await conversations.close();
      sidecar.close();
      await runStore.close();
      await next.close();
    }
  });

  test("an unknown conversation resets to zero; an id that is not <channel>:<id> is invalid_conversation_id", async () => {
    const app = await startApp(mkdtempSync(join(tmpdir(), "reset-conversation-ids-")));
    try {
      expect(await app.resetConversation("cli:never-used")).toEqual({
        conversationId: "cli:never-used",
        removedMessages: 0,
        removedToolCalls: 0,
      });
      for (const bad of ["no-colon", "cli:has space", "CLI:upper", "", `cli:${"x".repeat(260)}`, 42]) {
        const error = await rejection(app.resetConversation(bad as string));
        expect(error.code).toBe("invalid_conversation_id");
        expect(error.message).toContain('"<channel>:<id>"');
      }
    } finally {
      await app.close();
    }
  });

  test("a reset while a run of the conversation is in progress is conversation_busy and removes nothing", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "reset-conversation-busy-"));
    const app = await startApp(cwd);
    readReadme();
    await app.run({ input: "before", conversationId: "cli:busy#2026-07-11" });
    let reached = () => {};
    const atModel = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    faux.setResponses([
      async () => {
        reached();
        await released;
        return fauxAssistantMessage("done waiting");
      },
    ]);
    const running = app.run({ input: "hold on", conversationId: "cli:busy#2026-07-12" });
    await atModel;
    try {
      for (const id of ["cli:busy", "cli:busy#2026-07-12", "cli:busy#2026-07-11"]) {
        const error = await rejection(app.resetConversation(id));
        expect(error.code).toBe("conversation_busy");
        expect(error.message).toContain("cli:busy has a run in progress");
        expect(error.message).toContain("Nothing was removed");
      }
      expect(await app.resetConversation("cli:elsewhere")).toMatchObject({ removedMessages: 0 });
    } finally {
      release();
    }
    const result = await running;
    expect(result.status).toBe("succeeded");
    expect(await app.resetConversation("cli:busy")).toEqual({
      conversationId: "cli:busy",
      removedMessages: 4 + 2,
      removedToolCalls: 1,
    });
    await app.close();
    await expect(app.resetConversation("cli:busy")).rejects.toThrow(/closed/);
  });
});

/** What was said in a model call's transcript: pi 1.x also carries the prompt and tools as system messages. */
function said(context: { messages: readonly { role: string }[] }) {
  return context.messages.filter((message) => message.role !== "system") as typeof context.messages;
}
