import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentEvent, AgentTool } from "@earendil-works/pi-agent-core";
import type { Context } from "@earendil-works/pi-ai";
import { obj, str } from "@earendil-works/pi-schema";
import { planDemoReply } from "@mono-agent/demo-model";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConversationStore } from "../../src/conversations/conversation-store.js";
import { createBuiltinTools } from "../../src/runtime/builtin-tools.js";
import { resolveModel } from "../../src/runtime/models.js";
import { runPiSession } from "../../src/runtime/pi-session.js";

let workspace: string;
const calls: { name: string; args: unknown }[] = [];

function mcpTool(
  name: string,
  parameters: AgentTool["parameters"],
  answer: (args: unknown) => string,
): AgentTool {
  return {
    name,
    label: name,
    description: `fixture tool ${name}`,
    parameters,
    async execute(_id, args) {
      calls.push({ name, args });
      return { content: [{ type: "text", text: answer(args) }], details: {} };
    },
  };
}

const currentTime = mcpTool(
  "mcp__example__current_time",
  obj({}),
  () => "It is 12:34 UTC on the test clock.",
);
const echo = mcpTool(
  "mcp__example__echo",
  obj({ text: str() }),
  (args) => `echoed: ${(args as { text: string }).text}`,
);
const failing = mcpTool("mcp__example__explode", obj({}), () => {
  throw new Error("the fixture server exploded");
});

beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), "demo-model-"));
  writeFileSync(
    join(workspace, "README.md"),
    "# Quickstart workspace\nThis file is read by the demo model.\n",
  );
  writeFileSync(join(workspace, "notes.txt"), "Remember the milk.\n");
  calls.length = 0;
});

afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
});

async function demoRun(
  prompt: string,
  tools: AgentTool[],
  history: Parameters<typeof runPiSession>[0]["history"] = [],
) {
  const resolved = resolveModel({ modelRef: "demo", env: {} });
  const events: AgentEvent[] = [];
  const result = await runPiSession({
    model: resolved.model,
    streamFn: resolved.streamFn,
    getApiKey: resolved.getApiKey,
    systemPrompt: "You are the quickstart agent.",
    history,
    tools,
    prompt,
    signal: new AbortController().signal,
    onEvent: (event) => void events.push(event),
  });
  return { result, events };
}

describe("the offline demo model", () => {
  it("lists its tools, calls an MCP tool and Read, and answers quoting both results", async () => {
    const tools = [
      currentTime,
      ...createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: ["Read", "Grep"] }),
    ];
    const { result, events } = await demoRun("Hello there", tools);
    expect(result.status).toBe("succeeded");
    expect(calls).toEqual([{ name: "mcp__example__current_time", args: {} }]);
    const toolStarts = events.flatMap((event) =>
      event.type === "tool_execution_start" ? [event.toolName] : [],
    );
    expect(toolStarts).toEqual(["mcp__example__current_time", "Read"]);

    const firstAssistant = result.newMessages.find(
      (message) => (message as { role: string }).role === "assistant",
    );
    const intro = JSON.stringify(firstAssistant);
    expect(intro).toContain("offline demo model");
    expect(intro).toContain("not an LLM");
    expect(intro).toContain("mcp__example__current_time, Read, Grep");

    expect(result.finalText).toContain("mcp__example__current_time returned:");
    expect(result.finalText).toContain("> It is 12:34 UTC on the test clock.");
    expect(result.finalText).toContain("Read returned:");
    expect(result.finalText).toContain("Quickstart workspace");
    const textDeltas = events.filter(
      (event) => event.type === "message_update" && event.assistantMessageEvent.type === "text_delta",
    );
    expect(textDeltas.length).toBeGreaterThan(10);
  });

  it("prefers an MCP tool named after a word of the prompt, filling its required arguments, and reads the file the prompt names", async () => {
    const tools = [
      currentTime,
      echo,
      ...createBuiltinTools({ workspaceDir: workspace, env: {}, enabled: ["Read"] }),
    ];
    const { result } = await demoRun("Please echo this and look at notes.txt", tools);
    expect(result.status).toBe("succeeded");
    expect(calls).toEqual([
      { name: "mcp__example__echo", args: { text: "Please echo this and look at notes.txt" } },
    ]);
    expect(result.finalText).toContain("echoed: Please echo this");
    expect(result.finalText).toContain("Remember the milk.");
  });

  it("says when a tool failed", async () => {
    const { result } = await demoRun("go", [failing]);
    expect(result.status).toBe("succeeded");
    expect(result.finalText).toContain("mcp__example__explode failed with:");
    expect(result.finalText).toContain("the fixture server exploded");
  });

  it("still answers, and says it is the demo, when it has no tools", async () => {
    const { result, events } = await demoRun("What can you do?", []);
    expect(result.status).toBe("succeeded");
    expect(events.some((event) => event.type === "tool_execution_start")).toBe(false);
    expect(result.finalText).toContain("offline demo model");
    expect(result.finalText).toContain("I was given no tools.");
    expect(result.newMessages).toHaveLength(2);
  });

  it("notices the history restored from the conversation store in a second run", async () => {
    const store = createConversationStore({ file: join(workspace, ".state", "conversations.sqlite") });
    try {
      const first = await demoRun("first question", []);
      await store.appendMessages("cli:default", "run-1", first.result.newMessages);
      const second = await demoRun("second question", [], await store.loadMessages("cli:default"));
      expect(second.result.finalText).toContain("already holds 2 earlier messages");
    } finally {
      store.close();
    }
  });

  it("is deterministic: the same context gives the same reply", () => {
    const context: Context = {
      messages: [{ role: "user", content: "show me the time", timestamp: 1 }],
      tools: [currentTime, echo].map(({ name, description, parameters }) => ({
        name,
        description,
        parameters,
      })),
    };
    expect(planDemoReply(context)).toEqual(planDemoReply(structuredClone(context)));
    expect(planDemoReply(context).toolCall).toMatchObject({
      name: "mcp__example__current_time",
      arguments: {},
    });
  });
});
