import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { declaredTriggers, runTrigger } from "@mono-agent/triggers/declared";
import { startWebConsole } from "@mono-agent/web-console/node";
import { beforeEach, describe, expect, test } from "vitest";
import { consoleAppOf } from "../../src/cli/serve/console-app-of.js";
import { type Faux, startFauxApp, tempAgentFolder, textOf } from "./faux-app.js";

let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

const SESSION_HISTORY = "mcp__mono-agent-session-history__SessionHistory";
const TITLE_TOOL = "mcp__mono-agent-conversation__SetConversationTitle";

describe("an isolated trigger run in a new web thread", () => {
  test("is never offered SetConversationTitle; its SessionHistory records need includeIsolated: true", async () => {
    const cwd = tempAgentFolder("isolated-");
    const app = await startFauxApp(faux, cwd, {
      triggers: {
        schedules: {
          nightly: {
            cron: "0 2 * * *",
            prompt: "Read the readme and report",
            destination: { webThread: "new" },
          },
        },
      },
    });
    const web = await startWebConsole({
      app: consoleAppOf(app),
      storeFile: join(cwd, ".mono-agent", "web-threads.sqlite"),
      host: "127.0.0.1",
      port: 0,
      token: "operator-token-for-the-isolation-test-0123456789",
    });
    let offered: string[] = [];
    let triggerHistory = -1;
    faux.setResponses([
      (context) => {
        offered = offeredTools(context).map((tool) => tool.name);
        triggerHistory = said(context).length;
        return fauxAssistantMessage([fauxToolCall("Read", { path: "README.md" })], { stopReason: "toolUse" });
      },
      fauxAssistantMessage("The readme has a needle."),
    ]);
    const trigger = declaredTriggers(app.loaded).find((declared) => declared.name === "nightly");
    if (trigger === undefined) throw new Error("trigger missing");
    const outcome = await runTrigger({
      app,
      trigger,
      startTriggerThread: (text, run) => web.startTriggerThread(text, run),
    });
    expect(outcome.status).toBe("succeeded");
    expect(outcome.source).toBe("cron");
    expect(outcome.deliveredTo).toMatch(/^web:/);
    expect(outcome.conversationId).toBe(outcome.deliveredTo);
    expect(offered).not.toContain(TITLE_TOOL);
    expect(offered).toContain("Read");
    expect(triggerHistory).toBe(1);
    const threadId = outcome.deliveredTo.slice("web:".length);
    const thread = web.store.getThread(threadId);
    expect(thread.origin).toBe("trigger");

    // A later run in the same conversation: the isolated records are hidden unless asked for.
    const answers: string[] = [];
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall(SESSION_HISTORY, {})], { stopReason: "toolUse" }),
      (context) => {
        answers.push(textOf(context.messages.at(-1)));
        return fauxAssistantMessage([fauxToolCall(SESSION_HISTORY, { includeIsolated: true })], {
          stopReason: "toolUse",
        });
      },
      (context) => {
        answers.push(textOf(context.messages.at(-1)));
        return fauxAssistantMessage("done");
      },
    ]);
    const later = await app.run({
      input: "what ran here?",
      conversationId: outcome.conversationId,
      source: "api",
    });
    await web.close();
    await app.close();
    expect(later.status).toBe("succeeded");
    expect(answers[0]).toMatch(/count\\?":0/);
    expect(answers[0]).not.toContain(outcome.runId);
    expect(answers[1]).toContain(outcome.runId);
    expect(answers[1]).toContain("Read");
  });
});

/** What was said in a model call's transcript: pi 1.x also carries the prompt and tools as system messages. */
function said(context: { messages: readonly { role: string }[] }) {
  return context.messages.filter((message) => message.role !== "system") as typeof context.messages;
}
