import type { ToolCall } from "@earendil-works/pi-ai";
import { validateToolArguments } from "@earendil-works/pi-ai";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import { isToolIncluded, matchesGlob } from "../src/is-tool-included.js";
import { normalizeToolInputSchema } from "../src/normalize-tool-input-schema.js";
import { bridgeOptions, resultText, runFauxAgent, useTempDir } from "./fixtures/bridge-test-kit.js";
import { inMemoryLauncher, inMemorySpec } from "./fixtures/in-memory-launcher.js";

function validates(parameters: unknown, args: Record<string, unknown>): unknown {
  return validateToolArguments(
    { name: "t", description: "", parameters: parameters as object },
    { type: "toolCall", id: "1", name: "t", arguments: args as ToolCall["arguments"] },
  );
}

describe("normalizeToolInputSchema", () => {
  it("neutralises unresolvable $refs so pi-ai can validate, and keeps resolvable ones", () => {
    const original = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $defs: { Node: { type: "object", properties: { next: { $ref: "#/$defs/Node" } } } },
      properties: {
        remote: { $ref: "https://example.com/item.json" },
        relative: { $ref: "item.json#/x" },
        missing: { $ref: "#/$defs/Gone" },
        const: { $ref: "#/definitions/Nope" },
        tree: { $ref: "#/$defs/Node" },
        choice: { anyOf: [{ $ref: "#/$defs/Gone" }, { type: "number" }] },
        fixed: { const: { $ref: "data, not a schema" } },
      },
      required: ["remote"],
    };
    expect(() => validates(original, { remote: 1 })).toThrow();
    const normalized = normalizeToolInputSchema(original);
    expect(normalized).toMatchObject({
      type: "object",
      properties: {
        remote: {},
        relative: {},
        missing: {},
        const: {},
        tree: { $ref: "#/$defs/Node" },
        choice: { anyOf: [{}, { type: "number" }] },
        fixed: { const: { $ref: "data, not a schema" } },
      },
    });
    expect(normalized).not.toHaveProperty("$schema");
    expect(original.properties.remote).toEqual({ $ref: "https://example.com/item.json" });
    expect(validates(normalized, { remote: { any: "thing" }, missing: 3, tree: { next: {} } })).toMatchObject(
      { remote: { any: "thing" } },
    );
  });

  it("forces an object schema with properties", () => {
    expect(normalizeToolInputSchema(undefined)).toEqual({ type: "object", properties: {} });
    expect(normalizeToolInputSchema({ type: "string", properties: [] })).toEqual({
      type: "object",
      properties: {},
    });
    expect(validates(normalizeToolInputSchema({}), {})).toEqual({});
  });
});

describe("tool filters", () => {
  it("match whole original names with * and ?", () => {
    expect(matchesGlob("read_file", "read_*")).toBe(true);
    expect(matchesGlob("read_file", "read")).toBe(false);
    expect(matchesGlob("a.b", "a?b")).toBe(true);
    expect(matchesGlob("a.b", "a.c")).toBe(false);
    expect(matchesGlob("x(y)", "x(*)")).toBe(true);
    expect(isToolIncluded("delete", { includeTools: ["*"], excludeTools: ["del*"] })).toBe(false);
    expect(isToolIncluded("list", { excludeTools: ["del*"] })).toBe(true);
    expect(isToolIncluded("list", { includeTools: [] })).toBe(false);
  });
});

describe("tools from a paginating server with raw schemas (in memory)", () => {
  const outputDir = useTempDir();

  it("lists every page, sanitises names, and keeps a tool with an unresolvable $ref callable by the model", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: inMemoryLauncher(),
        servers: [inMemorySpec("raw", "raw-schema")],
      }),
    );
    try {
      expect(bridge.servers[0]?.toolNames).toEqual([
        "mcp__raw__remote-ref",
        "mcp__raw__missing-ref",
        "mcp__raw__local-ref",
        "mcp__raw__no-properties",
        "mcp__raw__dotted_name_tool",
      ]);
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__raw__remote-ref", arguments: { item: { id: 7 }, label: "x" } },
        { name: "mcp__raw__missing-ref", arguments: { thing: "anything" } },
        { name: "mcp__raw__local-ref", arguments: { count: -1 } },
        { name: "mcp__raw__dotted_name_tool", arguments: {} },
      ]);
      const advertised = run.contexts[0]?.tools?.find((tool) => tool.name === "mcp__raw__remote-ref");
      expect(advertised?.parameters).toEqual({
        type: "object",
        properties: { item: {}, label: { type: "string" } },
        required: ["item"],
      });
      expect(run.toolResults.map((message) => [message.isError, resultText(message)])).toEqual([
        [false, 'remote-ref got {"item":{"id":7},"label":"x"}'],
        [false, 'missing-ref got {"thing":"anything"}'],
        [true, expect.stringContaining("Validation failed")],
        [false, "dotted.name/tool got {}"],
      ]);
    } finally {
      await bridge.close();
    }
  });

  it("applies includeTools/excludeTools on original names and reports name collisions", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: inMemoryLauncher(),
        servers: [
          inMemorySpec("raw", "raw-schema", {
            includeTools: ["*-ref", "dotted.*"],
            excludeTools: ["local-?ef"],
          }),
          inMemorySpec("my.server", "tools", { includeTools: ["echo"] }),
          inMemorySpec("my_server", "tools", { includeTools: ["echo"] }),
        ],
      }),
    );
    try {
      expect(bridge.servers[0]?.toolNames).toEqual([
        "mcp__raw__remote-ref",
        "mcp__raw__missing-ref",
        "mcp__raw__dotted_name_tool",
      ]);
      const [dotted, underscored] = [bridge.servers[1]?.toolNames ?? [], bridge.servers[2]?.toolNames ?? []];
      expect(dotted).toHaveLength(1);
      expect(underscored).toHaveLength(1);
      expect(dotted[0]).not.toBe(underscored[0]);
      expect(dotted[0]).toMatch(/^mcp__my_server__echo_[0-9a-f]{8}$/);
      expect(bridge.warnings.map((warning) => [warning.kind, warning.serverName])).toEqual([
        ["mcp_tool_name_collision", "my.server"],
        ["mcp_tool_name_collision", "my_server"],
      ]);
      const result = await bridge.tools
        .find((tool) => tool.name === dotted[0])!
        .execute("c", { text: "original name used" });
      expect(result.content).toEqual([{ type: "text", text: "original name used" }]);
    } finally {
      await bridge.close();
    }
  });
});
