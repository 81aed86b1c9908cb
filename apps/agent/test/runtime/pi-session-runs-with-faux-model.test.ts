import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentEvent, AgentTool } from "@earendil-works/pi-agent-core";
import { fauxAssistantMessage, fauxText, fauxToolCall } from "@earendil-works/pi-ai";
import { obj, str } from "@earendil-works/pi-schema";
import {
  createFauxModel,
  type FauxModel,
  offeredSystemPrompt,
  offeredTools,
} from "@mono-agent/test-utils/faux";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ConversationStore,
  createConversationStore,
} from "../../src/conversations/conversation-store.js";
import { runPiSession } from "../../src/runtime/pi-session.js";

const echoTool: AgentTool = {
  name: "mcp__fixture__echo",
  label: "echo",
  description: "Echo the text back",
  parameters: obj({ text: str() }),
  async execute(_id, params) {
    return { content: [{ type: "text", text: `echo: ${(params as { text: string }).text}` }], details: {} };
  },
};

let faux: FauxModel;
let directory: string;
let store: ConversationStore | undefined;

beforeEach(() => {
  faux = createFauxModel({ tokenSize: { min: 1, max: 1 } });
  directory = mkdtempSync(join(tmpdir(), "pi-session-"));
});

afterEach(() => {
  store?.close();
  store = undefined;
  rmSync(directory, { recursive: true, force: true });
});

function baseOptions(prompt: string) {
  return {
    model: faux.getModel(),
    getApiKey: () => "faux-key",
    streamFn: faux.streamFn,
    systemPrompt: "You are a test agent.",
    history: [],
    tools: [echoTool],
    prompt,
    signal: new AbortController().signal,
    now: new Date("2026-03-04T05:06:07Z"),
    workspaceDir: "/workspace",
  };
}

describe("runPiSession with pi-ai's faux provider", () => {
  it("streams text deltas as they arrive and returns the final text", async () => {
    faux.setResponses([fauxAssistantMessage("Hello from the faux model, streamed in pieces.")]);
    const deltas: string[] = [];
    const result = await runPiSession({
      ...baseOptions("Say hello"),
      onEvent: (event) => {
        if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") {
          deltas.push(event.assistantMessageEvent.delta);
        }
      },
    });
    expect(result.status).toBe("succeeded");
    expect(result.finalText).toBe("Hello from the faux model, streamed in pieces.");
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(result.finalText);
    expect(result.newMessages.map((message) => (message as { role: string }).role)).toEqual([
      "user",
      "assistant",
    ]);
    expect(result.error).toBeUndefined();
  });

  it("appends the date and workspace line to the caller's system prompt", async () => {
    let seenSystemPrompt: string | undefined;
    faux.setResponses([
      (context) => {
        seenSystemPrompt = offeredSystemPrompt(context);
        return fauxAssistantMessage("ok");
      },
    ]);
    await runPiSession(baseOptions("hi"));
    expect(seenSystemPrompt).toBe(
      "You are a test agent.\n\nCurrent date: 2026-03-04. Workspace: /workspace.",
    );
  });

  it("round-trips a tool call: the model sees the tool, calls it, and gets the result", async () => {
    const events: AgentEvent["type"][] = [];
    faux.setResponses([
      (context) => {
        expect(offeredTools(context).map((tool) => tool.name)).toEqual(["mcp__fixture__echo"]);
        return fauxAssistantMessage(
          [fauxText("Calling echo."), fauxToolCall("mcp__fixture__echo", { text: "ping" })],
          {
            stopReason: "toolUse",
          },
        );
      },
      (context) => {
        const toolResult = context.messages.at(-1);
        expect(toolResult?.role).toBe("toolResult");
        expect(JSON.stringify(toolResult)).toContain("echo: ping");
        return fauxAssistantMessage("The tool said: echo: ping");
      },
    ]);
    const result = await runPiSession({
      ...baseOptions("echo ping"),
      onEvent: (event) => void events.push(event.type),
    });
    expect(result.status).toBe("succeeded");
    expect(result.finalText).toBe("The tool said: echo: ping");
    expect(events).toContain("tool_execution_start");
    expect(events).toContain("tool_execution_end");
    expect(result.newMessages.map((message) => (message as { role: string }).role)).toEqual([
      "user",
      "assistant",
      "toolResult",
      "assistant",
    ]);
    expect(result.usage.totalTokens).toBeGreaterThan(0);
    expect(faux.getPendingResponseCount()).toBe(0);
  });

  it("restores the first run's messages from the conversation store into a second run", async () => {
    store = createConversationStore({ file: join(directory, "state", "conversations.sqlite") });
    faux.setResponses([fauxAssistantMessage("My favourite colour is teal.")]);
    const first = await runPiSession(baseOptions("What is your favourite colour?"));
    expect(first.status).toBe("succeeded");
    await store.appendMessages("cli:default", "run-1", first.newMessages);

    let seenMessages: string[] = [];
    faux.setResponses([
      (context) => {
        seenMessages = context.messages
          .filter((message) => message.role !== "system")
          .map((message) =>
            typeof message.content === "string" ? message.content : JSON.stringify(message.content),
          );
        return fauxAssistantMessage("You asked about my favourite colour: teal.");
      },
    ]);
    const second = await runPiSession({
      ...baseOptions("What did I ask before?"),
      history: await store.loadMessages("cli:default"),
    });
    expect(second.status).toBe("succeeded");
    expect(seenMessages).toHaveLength(3);
    expect(seenMessages[0]).toContain("What is your favourite colour?");
    expect(seenMessages[1]).toContain("My favourite colour is teal.");
    expect(seenMessages[2]).toContain("What did I ask before?");
    expect(second.newMessages).toHaveLength(2);
  });

  it("settles as cancelled when the signal aborts mid-stream", async () => {
    const abortController = new AbortController();
    faux.setResponses([fauxAssistantMessage("word ".repeat(200)), fauxAssistantMessage("never used")]);
    let deltas = 0;
    const result = await runPiSession({
      ...baseOptions("Talk a lot"),
      signal: abortController.signal,
      onEvent: (event) => {
        if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") {
          deltas++;
          if (deltas === 5) abortController.abort();
        }
      },
    });
    expect(result.status).toBe("cancelled");
    expect(result.error?.kind).toBe("cancelled");
    expect(deltas).toBeLessThan(200);
  });

  it("settles as cancelled without calling the model when the signal is already aborted", async () => {
    const abortController = new AbortController();
    abortController.abort();
    const result = await runPiSession({ ...baseOptions("too late"), signal: abortController.signal });
    expect(result.status).toBe("cancelled");
    expect(faux.state.callCount).toBe(0);
  });

  it("settles as failed with a failure kind when the provider reports an error", async () => {
    faux.setResponses([
      fauxAssistantMessage([], {
        stopReason: "error",
        errorMessage: "429 Too Many Requests: rate limit reached",
      }),
    ]);
    const result = await runPiSession(baseOptions("hi"));
    expect(result.status).toBe("failed");
    expect(result.error).toEqual({
      kind: "rate_limited",
      message: "429 Too Many Requests: rate limit reached",
    });
    expect(result.finalText).toBe("");
  });

  it("settles as failed (provider_error) when the provider has nothing to say", async () => {
    faux.setResponses([]);
    const result = await runPiSession(baseOptions("hi"));
    expect(result.status).toBe("failed");
    expect(result.error?.kind).toBe("provider_error");
    expect(result.error?.message).toContain("No more faux responses queued");
  });

  it("takes the tool list snapshot at start: a tool added to the caller's array later is not offered", async () => {
    const tools: AgentTool[] = [echoTool];
    faux.setResponses([
      () => {
        tools.push({ ...echoTool, name: "late_tool" });
        return fauxAssistantMessage([fauxToolCall("mcp__fixture__echo", { text: "a" })], {
          stopReason: "toolUse",
        });
      },
      (context) => {
        expect(offeredTools(context).map((tool) => tool.name)).toEqual(["mcp__fixture__echo"]);
        return fauxAssistantMessage("done");
      },
    ]);
    const result = await runPiSession({ ...baseOptions("go"), tools });
    expect(result.status).toBe("succeeded");
  });
});
