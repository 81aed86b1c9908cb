import { describe, expect, it } from "vitest";
import { assignMcpToolNames, type McpToolRef, mcpToolName } from "../src/index.js";

function namesByRef(tools: readonly McpToolRef[]): Map<string, string> {
  const { assignments } = assignMcpToolNames(tools);
  return new Map(assignments.map((entry) => [`${entry.serverName}/${entry.toolName}`, entry.name]));
}

describe("assignMcpToolNames", () => {
  it("keeps mcpToolName's result when names are unique, with no collisions", () => {
    const result = assignMcpToolNames([
      { serverName: "a", toolName: "x" },
      { serverName: "b", toolName: "y" },
    ]);
    expect(result.assignments.map((entry) => entry.name)).toEqual(["mcp__a__x", "mcp__b__y"]);
    expect(result.collisions).toEqual([]);
  });

  it("gives colliding sanitised names distinct hash-suffixed names and reports them", () => {
    const tools = [
      { serverName: "srv", toolName: "get.item" },
      { serverName: "srv", toolName: "get/item" },
      { serverName: "srv", toolName: "other" },
    ];
    const result = assignMcpToolNames(tools);
    const names = result.assignments.map((entry) => entry.name);
    expect(new Set(names).size).toBe(3);
    expect(names[2]).toBe("mcp__srv__other");
    expect(names[0]).toMatch(/^mcp__srv__get_item_[0-9a-f]{8}$/);
    expect(names[1]).toMatch(/^mcp__srv__get_item_[0-9a-f]{8}$/);
    expect(result.collisions).toEqual([
      {
        name: "mcp__srv__get_item",
        tools: [
          { serverName: "srv", toolName: "get.item" },
          { serverName: "srv", toolName: "get/item" },
        ],
        resolvedAs: [names[0], names[1]],
      },
    ]);
  });

  it("keeps the original tool name in each assignment, so the server is called with it", () => {
    const { assignments } = assignMcpToolNames([{ serverName: "my.srv", toolName: "do it" }]);
    expect(assignments).toEqual([{ serverName: "my.srv", toolName: "do it", name: "mcp__my_srv__do_it" }]);
  });

  it("gives the same names whatever the input order", () => {
    const tools = [
      { serverName: "s", toolName: "a.b" },
      { serverName: "s", toolName: "a_b" },
      { serverName: "s", toolName: "a b" },
      { serverName: "t", toolName: "c" },
    ];
    const forward = namesByRef(tools);
    const reversed = namesByRef([...tools].reverse());
    expect(reversed).toEqual(forward);
    expect(assignMcpToolNames([...tools].reverse()).collisions).toEqual(assignMcpToolNames(tools).collisions);
  });

  it("never hands a colliding tool a name another tool keeps", () => {
    const colliding = [
      { serverName: "s", toolName: "a.b" },
      { serverName: "s", toolName: "a/b" },
    ];
    const firstPass = namesByRef(colliding);
    const squatter = firstPass.get("s/a.b")!.slice("mcp__s__".length);
    const result = assignMcpToolNames([...colliding, { serverName: "s", toolName: squatter }]);
    const names = result.assignments.map((entry) => entry.name);
    expect(new Set(names).size).toBe(3);
    expect(names[2]).toBe(mcpToolName("s", squatter));
  });

  it("assigns a (server, tool) pair listed twice only once", () => {
    const result = assignMcpToolNames([
      { serverName: "s", toolName: "x" },
      { serverName: "s", toolName: "x" },
    ]);
    expect(result.assignments).toEqual([{ serverName: "s", toolName: "x", name: "mcp__s__x" }]);
    expect(result.collisions).toEqual([]);
  });

  it("resolves collisions between truncated long names within 64 characters", () => {
    const long = "n".repeat(80);
    const result = assignMcpToolNames([
      { serverName: "s", toolName: `${long}.` },
      { serverName: "s", toolName: `${long}/` },
    ]);
    for (const entry of result.assignments) expect(entry.name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(result.assignments.map((entry) => entry.name)).size).toBe(2);
  });
});
