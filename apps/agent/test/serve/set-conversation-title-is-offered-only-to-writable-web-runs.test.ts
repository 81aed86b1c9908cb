import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createToolPolicy } from "@mono-agent/policy";
import { createFauxModel, type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { createWebThreadStore, isTitleWritable } from "@mono-agent/web-console/node";
import { beforeEach, describe, expect, it } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import type { WebRunContext } from "../../src/app/tools/conversation-title-context.js";
import { isConversationTitleOffered } from "../../src/app/tools/conversation-title-provider.js";

const TITLE_TOOL = "mcp__mono-agent-conversation__SetConversationTitle";

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

function startApp(tools: Record<string, unknown> = {}) {
  return startMonoAgentApp({
    config: { runtime: { model: "faux:test" }, tools },
    cwd: mkdtempSync(join(tmpdir(), "title-offer-")),
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

/** The tool names the model is offered on one run of `app`. */
async function offeredToolNames(
  app: Awaited<ReturnType<typeof startApp>>,
  options: { web?: WebRunContext; conversationId: string },
) {
  let offered: string[] = [];
  faux.setResponses([
    (context) => {
      offered = offeredTools(context).map((tool) => tool.name);
      return fauxAssistantMessage("ok");
    },
  ]);
  const result = await app.run({
    input: "hello",
    conversationId: options.conversationId,
    ...(options.web ? { web: options.web } : {}),
  });
  expect(result.status).toBe("succeeded");
  return offered;
}

const interactive = (threadId: string, titleWritable = true): WebRunContext => ({
  threadId,
  origin: "interactive",
  titleWritable,
});

describe("SetConversationTitle is offered only to ordinary interactive web runs with a writable title", () => {
  it("is offered to an interactive web:<threadId> run whose title is writable", async () => {
    const app = await startApp();
    expect(await offeredToolNames(app, { conversationId: "web:t1", web: interactive("t1") })).toContain(
      TITLE_TOOL,
    );
    await app.close();
  });

  it("is not offered to an archived thread's run, a locked title, a trigger-created thread or another channel", async () => {
    const store = createWebThreadStore({
      file: join(mkdtempSync(join(tmpdir(), "title-offer-store-")), "web.sqlite"),
    });
    const archived = store.createThread();
    store.archiveThread(archived.threadId);
    const locked = store.createThread();
    store.renameThread(locked.threadId, "Mine");
    const triggered = store.createThread({ origin: "trigger" });
    const cases: { conversationId: string; web?: WebRunContext }[] = [
      {
        conversationId: `web:${archived.threadId}`,
        web: interactive(archived.threadId, isTitleWritable(store.getThread(archived.threadId))),
      },
      {
        conversationId: `web:${locked.threadId}`,
        web: interactive(locked.threadId, isTitleWritable(store.getThread(locked.threadId))),
      },
      {
        conversationId: `web:${triggered.threadId}`,
        web: { threadId: triggered.threadId, origin: "trigger", titleWritable: true },
      },
      { conversationId: "web:other-thread", web: interactive("t1") },
      { conversationId: "cli:default" },
      { conversationId: "web:t1" },
    ];
    store.close();
    const app = await startApp();
    for (const [index, runCase] of cases.entries()) {
      const offered = await offeredToolNames(app, runCase);
      expect(offered, `case ${index}`).not.toContain(TITLE_TOOL);
    }
    await app.close();
  });

  it("follows the tool policy: allow-all, the bare name and the mcp__ spellings offer it; deny removes it", () => {
    const run = {
      runId: "r1",
      conversationId: "web:t1",
      signal: new AbortController().signal,
      web: interactive("t1"),
    };
    const offered = (allowedTools?: string[], disallowedTools?: string[]) =>
      isConversationTitleOffered(
        createToolPolicy({
          ...(allowedTools ? { allowedTools } : {}),
          ...(disallowedTools ? { disallowedTools } : {}),
        }),
        run,
      );
    expect(offered()).toBe(true);
    expect(offered(["*"])).toBe(true);
    expect(offered(["SetConversationTitle"])).toBe(true);
    expect(offered([TITLE_TOOL])).toBe(true);
    expect(offered(["mcp__mono-agent-conversation__*"])).toBe(true);
    expect(offered(["Read"])).toBe(false);
    expect(offered([])).toBe(false);
    expect(offered(undefined, ["SetConversationTitle"])).toBe(false);
    expect(offered(["*"], [TITLE_TOOL])).toBe(false);
    expect(offered(undefined, ["*"])).toBe(false);
  });

  it("hands a valid proposal to the web service's callback, and an invalid one never", async () => {
    const app = await startApp();
    const proposals: string[] = [];
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall(TITLE_TOOL, { title: "Too long ".repeat(12) })], {
        stopReason: "toolUse",
      }),
      fauxAssistantMessage([fauxToolCall(TITLE_TOOL, { title: " Spring  garden " })], {
        stopReason: "toolUse",
      }),
      fauxAssistantMessage("Named it."),
    ]);
    const finished: { name: string; isError: boolean; preview: string }[] = [];
    const result = await app.run({
      input: "name this",
      conversationId: "web:t9",
      web: { ...interactive("t9"), onTitleProposal: (title) => proposals.push(title) },
      onEvent: (event) => {
        if (event.type === "tool_finished") finished.push(event);
      },
    });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(finished.map((call) => [call.name, call.isError])).toEqual([
      [TITLE_TOOL, true],
      [TITLE_TOOL, false],
    ]);
    expect(finished[0]?.preview).toContain("at most 80");
    expect(proposals).toEqual(["Spring garden"]);
  });
});
