import { describe, expect, it } from "vitest";
import { createToolPolicy, evaluateTool, type ToolPolicyInput } from "../src/index.js";

const readFile = { kind: "external-mcp", serverName: "filesystem", toolName: "read_file" } as const;

/** [rule shown, policy] — every row must still offer the external tool. */
const rows: [string, ToolPolicyInput][] = [
  ["under allow-all MCP tools are available because their server is declared", {}],
  ['allowedTools: [] ("no built-in tools") still leaves every MCP tool available', { allowedTools: [] }],
  ["a specific allowlist does not affect external MCP tools", { allowedTools: ["Read"] }],
  [
    "disallowedTools naming the tool does not filter it on pi-native",
    { disallowedTools: ["mcp__filesystem__read_file"] },
  ],
  [
    "disallowedTools naming its server wildcard does not filter it",
    { disallowedTools: ["mcp__filesystem__*"] },
  ],
  ['disallowedTools ["*"] does not filter external MCP tools', { disallowedTools: ["*"] }],
  [
    "allowedTools: [] plus a deny entry still offers it",
    { allowedTools: [], disallowedTools: ["mcp__filesystem__read_file"] },
  ],
];

describe("external MCP tools are NOT gated by tools.allowedTools / disallowedTools", () => {
  it.each(rows)("%s", (_rule, input) => {
    const decision = evaluateTool(createToolPolicy(input), readFile);
    expect(decision).toMatchObject({
      name: "mcp__filesystem__read_file",
      kind: "external-mcp",
      decision: "offered",
      serverName: "filesystem",
      toolName: "read_file",
    });
    expect(decision.decision === "offered" && decision.detail).toContain("only lever");
  });

  it("says when a deny entry names the tool but has no effect", () => {
    const decision = evaluateTool(
      createToolPolicy({ disallowedTools: ["mcp__filesystem__read_file"] }),
      readFile,
    );
    expect(decision.decision === "offered" && decision.detail).toContain(
      "does not filter external MCP tools",
    );
  });

  it("uses the assigned name when the bridge passes one", () => {
    const decision = evaluateTool(createToolPolicy(), {
      ...readFile,
      name: "mcp__filesystem__read_file_0badc0de",
    });
    expect(decision.name).toBe("mcp__filesystem__read_file_0badc0de");
  });
});
