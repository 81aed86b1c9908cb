import { describe, expect, it } from "vitest";
import { MAX_TOOL_NAME_LENGTH, mcpToolName } from "../src/index.js";

const SAFE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

describe("mcpToolName", () => {
  it.each([
    ["keeps a safe name as mcp__<server>__<tool>", "filesystem", "read_file", "mcp__filesystem__read_file"],
    ["keeps hyphens", "remote-api", "get-item", "mcp__remote-api__get-item"],
    ["replaces dots by _", "my.server", "tool.v2", "mcp__my_server__tool_v2"],
    ["replaces slashes and spaces by _", "team/tools", "list all", "mcp__team_tools__list_all"],
    ["replaces each non-ASCII code unit by _", "café", "ü", "mcp__caf____"],
    ["keeps empty parts empty", "", "", "mcp____"],
  ])("%s", (_rule, serverName, toolName, expected) => {
    expect(mcpToolName(serverName, toolName)).toBe(expected);
  });

  it("leaves a name of exactly 64 characters untouched", () => {
    const toolName = "t".repeat(MAX_TOOL_NAME_LENGTH - "mcp__s__".length);
    const name = mcpToolName("s", toolName);
    expect(name).toBe(`mcp__s__${toolName}`);
    expect(name).toHaveLength(64);
  });

  it("truncates a longer name to 64 characters ending in _ + 8 hex of the original", () => {
    const name = mcpToolName("my very long server name with spaces", "a_tool_name_that_is_long_too");
    expect(name).toHaveLength(64);
    expect(name).toMatch(/^mcp__my_very_long_server_name_with_spaces__a_tool_name__[0-9a-f]{8}$/);
    expect(name).toMatch(SAFE_NAME);
  });

  it("gives different hashes to long names that differ only after the cut", () => {
    const prefix = "x".repeat(70);
    expect(mcpToolName("server", `${prefix}a`)).not.toBe(mcpToolName("server", `${prefix}b`));
  });

  it("hashes the original, so long names that sanitise alike still differ", () => {
    const prefix = "y".repeat(70);
    expect(mcpToolName("server", `${prefix}.`)).not.toBe(mcpToolName("server", `${prefix}/`));
  });

  it("is stable: the same input gives the same name every time", () => {
    const first = mcpToolName("srv", "z".repeat(100));
    expect(mcpToolName("srv", "z".repeat(100))).toBe(first);
  });
});
