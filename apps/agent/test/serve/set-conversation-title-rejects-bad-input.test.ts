import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type RequestScopedEndpoint, startRequestScopedEndpoint } from "@mono-agent/http-kit/mcp";
import { CONVERSATION_TITLE_MAX_CHARACTERS, normalizeConversationTitle } from "@mono-agent/web-console";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createConversationTitleServer } from "../../src/app/tools/conversation-title-server.js";

let endpoint: RequestScopedEndpoint;
let client: Client;
let proposals: string[];

beforeEach(async () => {
  proposals = [];
  endpoint = await startRequestScopedEndpoint({
    createServer: () => createConversationTitleServer({ onProposal: (title) => proposals.push(title) }),
  });
  client = new Client({ name: "title-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)));
});

afterEach(async () => {
  await client.close();
  await endpoint.close();
});

const call = async (args: Record<string, unknown>) => {
  const result = await client.callTool({ name: "SetConversationTitle", arguments: args });
  const text = (result.content as { type: string; text: string }[]).map((block) => block.text).join("");
  return { isError: result.isError === true, text, structured: result.structuredContent };
};

describe("SetConversationTitle over its request-scoped MCP endpoint", () => {
  it("advertises one tool with a strict { title } schema and a whole-conversation description", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["SetConversationTitle"]);
    const tool = tools[0];
    expect(tool?.inputSchema).toMatchObject({ required: ["title"], additionalProperties: false });
    expect(tool?.description).toMatch(/as a whole/);
    expect(tool?.description).toMatch(/Never use it as a status line/);
    expect(tool?.description).toMatch(/proposal/);
  });

  it("normalizes whitespace and returns a proposal that never claims the rename landed", async () => {
    const result = await call({ title: "  Garden \n\t  plan  for\u00a0spring " });
    expect(result.isError).toBe(false);
    expect(result.structured).toEqual({ status: "proposed", title: "Garden plan for spring" });
    expect(result.text).toContain("may decline");
    expect(result.text).not.toMatch(/renamed|was applied|title set/i);
    expect(proposals).toEqual(["Garden plan for spring"]);
  });

  it("accepts exactly 80 characters and refuses 81 with the limit in the error", async () => {
    expect((await call({ title: "é".repeat(CONVERSATION_TITLE_MAX_CHARACTERS) })).isError).toBe(false);
    const tooLong = await call({ title: "x".repeat(CONVERSATION_TITLE_MAX_CHARACTERS + 1) });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.text).toContain("is 81 characters");
    expect(tooLong.text).toContain("at most 80");
    expect(proposals).toHaveLength(1);
  });

  it.each([
    [{ title: "bell\u0007title" }, "control character U+0007"],
    [{ title: "escape \u001b[31m red" }, "control character U+001B"],
    [{ title: "del\u007f" }, "control character U+007F"],
    [{ title: "c1 \u0085 next line" }, "control character U+0085"],
    [{ title: "Plan", reason: "because" }, 'Unexpected field "reason"'],
    [{ title: "Plan", a: 1, b: 2 }, 'Unexpected fields "a", "b"'],
    [{}, 'Missing "title"'],
    [{ title: 42 }, '"title" must be a string'],
    [{ title: " \n\t " }, '"title" is empty'],
  ])("refuses %j: %s", async (args, message) => {
    const result = await call(args);
    expect(result.isError).toBe(true);
    expect(result.text).toContain("SetConversationTitle refused the input");
    expect(result.text).toContain(message);
    expect(proposals).toEqual([]);
  });
});

describe("normalizeConversationTitle", () => {
  it("returns titles without control characters, double spaces or outer spaces, within 80 characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 120 }), (raw) => {
        const parsed = normalizeConversationTitle(raw);
        if (!parsed.ok) return;
        expect(parsed.title).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/u);
        expect(parsed.title).not.toMatch(/\s\s/u);
        expect(parsed.title).toBe(parsed.title.trim());
        expect([...parsed.title].length).toBeLessThanOrEqual(CONVERSATION_TITLE_MAX_CHARACTERS);
        expect(parsed.title.length).toBeGreaterThan(0);
      }),
    );
  });
});
