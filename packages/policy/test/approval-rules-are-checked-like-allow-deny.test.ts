import { describe, expect, it } from "vitest";
import {
  approvalRequireWithCapabilities,
  assertApprovalRules,
  findOpenApprovalWays,
  findUnknownApprovalNames,
  matchesToolGlob,
  ToolPolicyError,
} from "../src/index.js";

const rules = (require: string[], exempt: string[] = []) => ({ require, exempt });

describe("tool names in tools.approval are checked like allow/deny", () => {
  it("a mis-cased or unknown name is a finding with a did-you-mean; an alias names the tool to write", () => {
    expect(
      findUnknownApprovalNames(rules(["Bash", "write", "bassh", "node_repl"], ["Grep", "frobnicate"])),
    ).toEqual([
      { list: "require", name: "write", finding: "unknown", suggestion: "Write" },
      { list: "require", name: "bassh", finding: "unknown", suggestion: "Bash" },
      { list: "require", name: "node_repl", finding: "alias", suggestion: "NodeRepl" },
      { list: "exempt", name: "frobnicate", finding: "unknown" },
    ]);
  });

  it("accepts exact names, app-owned and external mcp__ names, * and globs that match a tool", () => {
    expect(
      findUnknownApprovalNames(
        rules([
          "*",
          "Remember",
          "mcp__github__*",
          "mcp__files__delete_file",
          "Web*",
          "mcp__mono-agent-memory-write__*",
        ]),
      ),
    ).toEqual([]);
    expect(findUnknownApprovalNames(rules(["web*"]))).toEqual([
      { list: "require", name: "web*", finding: "unknown" },
    ]);
  });

  it("assertApprovalRules throws invalid_approval_rule naming each bad entry", () => {
    const error = (() => {
      try {
        assertApprovalRules(rules(["Bash", "write"]));
      } catch (caught) {
        return caught;
      }
    })();
    expect(ToolPolicyError.isInstance(error)).toBe(true);
    expect((error as ToolPolicyError).code).toBe("invalid_approval_rule");
    expect((error as Error).message).toContain('"write" in tools.approval.require names no tool');
    expect((error as Error).message).toContain('did you mean "Write"?');
    expect(() => assertApprovalRules(rules(["Bash", "Write"]))).not.toThrow();
  });
});

describe("capability classes", () => {
  const asks = (require: string[], tool: string) => require.some((pattern) => matchesToolGlob(pattern, tool));

  it("requiring one way to run code requires all of them (Bash, Exec, NodeRepl), by name or glob", () => {
    for (const required of [["Bash"], ["Exec"], ["Node*"]]) {
      const expanded = approvalRequireWithCapabilities(rules(required));
      for (const tool of ["Bash", "Exec", "NodeRepl"])
        expect(asks(expanded, tool), `${required} -> ${tool}`).toBe(true);
      expect(findOpenApprovalWays(rules(required))).toEqual([]);
    }
  });

  it("requiring Write requires Edit, and says that the code runners still write files unasked", () => {
    const expanded = approvalRequireWithCapabilities(rules(["Write"]));
    expect(asks(expanded, "Edit")).toBe(true);
    expect(asks(expanded, "Bash")).toBe(false);
    expect(findOpenApprovalWays(rules(["Write"]))).toEqual([
      {
        capability: "write-files",
        required: ["Write", "Edit"],
        open: [
          { tool: "Bash", why: "not_required" },
          { tool: "Exec", why: "not_required" },
          { tool: "NodeRepl", why: "not_required" },
        ],
      },
    ]);
    expect(findOpenApprovalWays(rules(["Write", "Bash"]))).toEqual([]);
  });

  it("an exempt member stays open and is named; exempting every member leaves nothing required", () => {
    expect(findOpenApprovalWays(rules(["Bash"], ["Exec"]))).toEqual([
      { capability: "run-code", required: ["Bash", "NodeRepl"], open: [{ tool: "Exec", why: "exempt" }] },
    ]);
    expect(approvalRequireWithCapabilities(rules(["Grep"]))).toEqual(["Grep"]);
  });
});
