import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { Context } from "@earendil-works/pi-ai";
import { obj, opt, str } from "@earendil-works/pi-schema";
import { planDemoReply } from "@mono-agent/demo-model";
import { calculate } from "@mono-agent/example-server";
import { describe, expect, it } from "vitest";
import {
  arithmeticExpression,
  fillRequired,
  mentionedTimeZone,
} from "../../../../packages/demo-model/src/demo-tool-choice.js";
import { resolveModel } from "../../src/runtime/models.js";
import { runPiSession } from "../../src/runtime/pi-session.js";

const calls: { name: string; args: Record<string, unknown> }[] = [];

function tool(name: string, parameters: AgentTool["parameters"], answer: (args: never) => string): AgentTool {
  return {
    name,
    label: name,
    description: `fixture ${name}`,
    parameters,
    async execute(_id, args) {
      calls.push({ name, args: args as Record<string, unknown> });
      return { content: [{ type: "text", text: answer(args as never) }], details: {} };
    },
  };
}

const exampleTools = [
  tool("mcp__example-tools__current_time", obj({ timeZone: opt(str()) }), (args: { timeZone?: string }) =>
    JSON.stringify({
      utc: "2026-01-01T00:00:00.000Z",
      timeZone: args.timeZone ?? "UTC",
      local: "the test clock",
    }),
  ),
  tool("mcp__example-tools__calculate", obj({ expression: str() }), (args: { expression: string }) =>
    JSON.stringify({ expression: args.expression, result: calculate(args.expression) }),
  ),
  tool("mcp__example-tools__text_stats", obj({ path: str() }), () => "{}"),
];

async function demoRun(prompt: string, tools: AgentTool[]) {
  calls.length = 0;
  const resolved = resolveModel({ modelRef: "demo", env: {} });
  return runPiSession({
    model: resolved.model,
    streamFn: resolved.streamFn,
    getApiKey: resolved.getApiKey,
    systemPrompt: "You are a test agent.",
    history: [],
    tools,
    prompt,
    signal: new AbortController().signal,
    onEvent: () => {},
  });
}

describe("the demo model picks the tool that fits the prompt", () => {
  it('answers "What is 17 * 23?" with 391 through calculate, passing the expression only', async () => {
    const result = await demoRun("What is 17 * 23?", exampleTools);
    expect(calls).toEqual([{ name: "mcp__example-tools__calculate", args: { expression: "17 * 23" } }]);
    expect(result.finalText).toContain("17 * 23 = 391");
    expect(result.finalText).toContain("offline demo model");
  });

  it("reads the expression out of words and other spellings", () => {
    expect(arithmeticExpression("calculate 17 * 23")).toBe("17 * 23");
    expect(arithmeticExpression("what's (12.5 * 4) ^ 2 / 3 please")).toBe("(12.5 * 4) ^ 2 / 3");
    expect(arithmeticExpression("what is 6 times 7?")).toBe("6 * 7");
    expect(arithmeticExpression("What happened on 2024-05-01 at 12:30?")).toBeUndefined();
    expect(arithmeticExpression("Hello there")).toBeUndefined();
  });

  it("asks current_time for the zone of a named city", async () => {
    const result = await demoRun("What time is it in Tokyo?", exampleTools);
    expect(calls).toEqual([{ name: "mcp__example-tools__current_time", args: { timeZone: "Asia/Tokyo" } }]);
    expect(result.finalText).toContain("In Asia/Tokyo it is");
    expect(mentionedTimeZone("and in New York?")).toBe("America/New_York");
    expect(mentionedTimeZone("time in San Francisco")).toBe("America/Los_Angeles");
    expect(mentionedTimeZone("the time in Europe/Amsterdam")).toBe("Europe/Amsterdam");
    expect(mentionedTimeZone("what did I do at Christmas")).toBeUndefined();
  });

  it("fills unions, enums and nested objects from the schema", () => {
    const schema = {
      type: "object",
      properties: {
        mode: { enum: ["fast", "slow"] },
        target: {
          anyOf: [
            { type: "null" },
            { type: "object", required: ["id"], properties: { id: { type: "integer", minimum: 3 } } },
          ],
        },
        label: { type: ["null", "string"] },
        kind: { oneOf: [{ const: "a" }, { const: "b" }] },
      },
      required: ["mode", "target", "label", "kind"],
    };
    expect(fillRequired(schema, "hi")).toEqual({ mode: "fast", target: { id: 3 }, label: "hi", kind: "a" });
    const context: Context = {
      messages: [{ role: "user", content: "please configure it", timestamp: 1 }],
      tools: [{ name: "mcp__s__configure", description: "", parameters: schema as never }],
    };
    expect(planDemoReply(context).toolCall).toMatchObject({
      name: "mcp__s__configure",
      arguments: { mode: "fast", target: { id: 3 }, label: "please configure it", kind: "a" },
    });
  });
});
