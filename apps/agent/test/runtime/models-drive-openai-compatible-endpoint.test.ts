import type { AgentTool } from "@earendil-works/pi-agent-core";
import { obj, str } from "@earendil-works/pi-schema";
import { afterEach, describe, expect, it } from "vitest";
import { resolveModel } from "../../src/runtime/models.js";
import { runPiSession } from "../../src/runtime/pi-session.js";
import {
  type OpenAICompatibleServer,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";

const lookupTool: AgentTool = {
  name: "mcp__inventory__lookup",
  label: "lookup",
  description: "Look up stock for a product",
  parameters: obj({ product: str() }),
  async execute(_id, params) {
    return {
      content: [{ type: "text", text: `${(params as { product: string }).product}: 17 in stock` }],
      details: {},
    };
  },
};

let server: OpenAICompatibleServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("a models.providers entry drives pi-ai's real openai-completions provider", () => {
  it("streams a tool call, sends the tool result back, and uses the key from apiKeyEnv", async () => {
    server = await startOpenAICompatibleServer([
      {
        toolCall: { id: "call_lookup_1", name: "mcp__inventory__lookup", arguments: '{"product":"widget"}' },
      },
      { text: "There are 17 widgets in stock." },
    ]);
    const resolved = resolveModel({
      modelRef: "local:qwen2.5-coder",
      providers: {
        local: {
          baseUrl: server.baseUrl,
          apiKeyEnv: "LOCAL_LLM_KEY",
          compat: { supportsDeveloperRole: false, supportsStore: false, maxTokensField: "max_tokens" },
        },
      },
      env: { LOCAL_LLM_KEY: "key-from-env-record", OPENAI_API_KEY: "must-not-be-used" },
    });
    expect(resolved.label).toBe("local:qwen2.5-coder");

    const deltas: string[] = [];
    const result = await runPiSession({
      model: resolved.model,
      streamFn: resolved.streamFn,
      getApiKey: resolved.getApiKey,
      systemPrompt: "You manage a shop.",
      history: [],
      tools: [lookupTool],
      prompt: "How many widgets do we have?",
      signal: new AbortController().signal,
      onEvent: (event) => {
        if (event.type === "message_update" && event.assistantMessageEvent.type === "text_delta") {
          deltas.push(event.assistantMessageEvent.delta);
        }
      },
    });

    expect(result.status).toBe("succeeded");
    expect(result.finalText).toBe("There are 17 widgets in stock.");
    expect(deltas.length).toBeGreaterThan(1);
    expect(server.requests).toHaveLength(2);

    const [first, second] = server.requests;
    expect(first?.headers.authorization).toBe("Bearer key-from-env-record");
    expect(second?.headers.authorization).toBe("Bearer key-from-env-record");
    expect(first?.body["model"]).toBe("qwen2.5-coder");
    expect(first?.body["stream"]).toBe(true);
    expect(first?.body["max_tokens"]).toBeGreaterThan(0);
    const tools = first?.body["tools"] as { type: string; function: { name: string; parameters: unknown } }[];
    expect(tools.map((tool) => tool.function.name)).toEqual(["mcp__inventory__lookup"]);
    expect(JSON.stringify(tools[0]?.function.parameters)).toContain('"product"');
    const firstMessages = first?.body["messages"] as { role: string; content: unknown }[];
    expect(firstMessages[0]).toMatchObject({ role: "system" });
    expect(JSON.stringify(firstMessages[0]?.content)).toContain("You manage a shop.");

    const secondMessages = second?.body["messages"] as {
      role: string;
      content: unknown;
      tool_call_id?: string;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    }[];
    const assistantCall = secondMessages.find((message) => message.role === "assistant");
    expect(assistantCall?.tool_calls?.[0]).toMatchObject({
      id: "call_lookup_1",
      function: { name: "mcp__inventory__lookup", arguments: '{"product":"widget"}' },
    });
    const toolResult = secondMessages.find((message) => message.role === "tool");
    expect(toolResult?.tool_call_id).toBe("call_lookup_1");
    expect(JSON.stringify(toolResult?.content)).toContain("widget: 17 in stock");
    expect(result.usage.input).toBe(24);
  });

  it("sends a placeholder key when the provider declares no apiKeyEnv", async () => {
    server = await startOpenAICompatibleServer([{ text: "hi" }]);
    const resolved = resolveModel({
      modelRef: "ollama:llama3.2",
      providers: { ollama: { baseUrl: server.baseUrl } },
      env: {},
    });
    const result = await runPiSession({
      model: resolved.model,
      streamFn: resolved.streamFn,
      getApiKey: resolved.getApiKey,
      systemPrompt: "",
      history: [],
      tools: [],
      prompt: "hello",
      signal: new AbortController().signal,
    });
    expect(result.status).toBe("succeeded");
    expect(server.requests[0]?.headers.authorization).toBe("Bearer mono-agent-no-key");
    expect(server.requests[0]?.body["tools"]).toBeUndefined();
  });

  it("settles as failed (network) when the endpoint is not listening", async () => {
    server = await startOpenAICompatibleServer([]);
    const baseUrl = server.baseUrl;
    await server.close();
    server = undefined;
    const resolved = resolveModel({
      modelRef: "gone:model",
      providers: { gone: { baseUrl } },
      env: {},
    });
    const result = await runPiSession({
      model: resolved.model,
      streamFn: resolved.streamFn,
      getApiKey: resolved.getApiKey,
      systemPrompt: "",
      history: [],
      tools: [],
      prompt: "hello",
      signal: new AbortController().signal,
    });
    expect(result.status).toBe("failed");
    expect(result.error?.kind).toBe("network");
  });
});
