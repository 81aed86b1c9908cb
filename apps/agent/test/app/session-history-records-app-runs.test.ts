import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { OMISSION_MARKERS } from "@mono-agent/evidence";
import { COLD_RESEED_HEADER } from "@mono-agent/session-history";
import { openToolHistoryStore, sessionHistoryFile } from "@mono-agent/session-history/sqlite";
import { createFauxModel, type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { STDIO_FIXTURE } from "../cli/agent-folder.js";

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

const SESSION_HISTORY = "mcp__mono-agent-session-history__SessionHistory";

function startApp(cwd: string) {
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: { mcpServers: { fixture: { command: process.execPath, args: [STDIO_FIXTURE] } } },
    },
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

describe("the sidecar records every managed tool call of a real run", () => {
  test("built-in, external MCP and app-owned calls land as invocation + result; the model reads them back over SessionHistory", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "session-history-app-"));
    writeFileSync(join(cwd, "README.md"), "# readme with a needle inside\n");
    const app = await startApp(cwd);
    faux.setResponses([
      fauxAssistantMessage(
        [
          fauxToolCall("Read", { path: "README.md" }),
          fauxToolCall("mcp__fixture__echo", { text: "echo needle" }),
        ],
        { stopReason: "toolUse" },
      ),
      fauxAssistantMessage("done"),
    ]);
    const first = await app.run({ input: "read and echo", conversationId: "cli:records" });
    expect(first.status).toBe("succeeded");
    let seen = "";
    let offered: string[] = [];
    faux.setResponses([
      (context) => {
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage([fauxToolCall(SESSION_HISTORY, { query: "needle" })], {
          stopReason: "toolUse",
        });
      },
      (context) => {
        seen = textOf(context.messages.at(-1));
        return fauxAssistantMessage("found them");
      },
    ]);
    const second = await app.run({ input: "what did you read?", conversationId: "cli:records" });
    await app.close();
    expect(second.status).toBe("succeeded");
    expect(offered).toContain(SESSION_HISTORY);
    expect(seen).toContain("mcp__fixture__echo");
    expect(seen).toContain('\\"Read\\"');
    expect(seen).toContain("untrusted");

    const store = openToolHistoryStore({ file: sessionHistoryFile(app.loaded) });
    const calls = store.listCompletedCalls(
      { conversationId: "cli:records", runId: "none", rollover: "none", includeIsolated: false },
      10,
    );
    store.close();
    expect(calls.map((call) => call.toolName).sort()).toEqual(
      ["Read", SESSION_HISTORY, "mcp__fixture__echo"].sort(),
    );
    expect(calls.every((call) => call.state === "success" && call.resultRecordId)).toBe(true);
    const nested = calls.find((call) => call.toolName === SESSION_HISTORY)!;
    expect(JSON.parse(nested.resultPayload!)).toBe(OMISSION_MARKERS.nestedHistoryResult);
    expect(calls.find((call) => call.toolName === "Read")!.resultPayload).toContain("needle inside");
  });

  test("cold reseed: a conversation resumed in a new process starts with its retained tool lifecycles, once", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "session-history-reseed-"));
    writeFileSync(join(cwd, "README.md"), "reseed me\n");
    const firstProcess = await startApp(cwd);
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall("Read", { path: "README.md" })], { stopReason: "toolUse" }),
      fauxAssistantMessage("read it"),
    ]);
    await firstProcess.run({ input: "read", conversationId: "cli:resume" });
    await firstProcess.close();

    const secondProcess = await startApp(cwd);
    const firstMessages: string[] = [];
    faux.setResponses([
      (context) => {
        firstMessages.push(textOf(said(context)[0]));
        return fauxAssistantMessage("resumed");
      },
      (context) => {
        firstMessages.push(textOf(said(context)[0]));
        return fauxAssistantMessage("again");
      },
    ]);
    await secondProcess.run({ input: "continue", conversationId: "cli:resume" });
    await secondProcess.run({ input: "and again", conversationId: "cli:resume" });
    await secondProcess.close();
    expect(firstMessages[0]).toContain(COLD_RESEED_HEADER.slice(1, 40));
    expect(firstMessages[0]).toContain("reseed me");
    expect(firstMessages[1]).not.toContain(COLD_RESEED_HEADER.slice(1, 40));
  });
});

/** What was said in a model call's transcript: pi 1.x also carries the prompt and tools as system messages. */
function said(context: { messages: readonly { role: string }[] }) {
  return context.messages.filter((message) => message.role !== "system") as typeof context.messages;
}
