import { describe, expect, it } from "vitest";
import { createToolPolicy, evaluateToolCatalog, isToolAllowedByPolicy, ToolPolicyError, toolsStillOffered } from "../src/index.js";
import { TOOL_CATALOG } from "../src/tool-catalog.js";
import { everythingAvailable } from "./fixtures/contexts.js";

const externalTools = [
  { serverName: "filesystem", toolName: "read_file" },
  { serverName: "github", toolName: "create.issue" },
];

describe("evaluateToolCatalog", () => {
  it("decides every catalog tool, then every external tool under its assigned name", () => {
    const decisions = evaluateToolCatalog(createToolPolicy(), everythingAvailable, externalTools);
    expect(decisions.map((decision) => decision.name)).toEqual([
      ...TOOL_CATALOG.map((entry) => entry.name),
      "mcp__filesystem__read_file",
      "mcp__github__create_issue",
    ]);
    expect(decisions.every((decision) => decision.decision === "offered")).toBe(true);
  });

  it("withholds every gated tool under the fail-closed policy", () => {
    const decisions = evaluateToolCatalog(createToolPolicy({ allowedTools: [] }), everythingAvailable);
    const gatedNames = TOOL_CATALOG.filter((entry) => entry.gated).map((entry) => entry.name);
    const withheld = decisions
      .filter((decision) => decision.decision === "withheld")
      .map((decision) => decision.name);
    expect(withheld).toEqual(gatedNames);
  });
});

describe("toolsStillOffered", () => {
  it("names what allowedTools: [] still leaves: external MCP tools and MemoryRecall", () => {
    const context = { ...everythingAvailable, collaborator: { composed: false } };
    const names = toolsStillOffered(createToolPolicy({ allowedTools: [] }), context, externalTools).map(
      (d) => d.name,
    );
    expect(names).toEqual(["MemoryRecall", "mcp__filesystem__read_file", "mcp__github__create_issue"]);
  });

  it("leaves out MemoryRecall when recall is off", () => {
    const context = { memory: { ...everythingAvailable.memory!, recallEnabled: false } };
    expect(toolsStillOffered(createToolPolicy({ allowedTools: [] }), context, [])).toEqual([]);
  });
});

describe("isToolAllowedByPolicy", () => {
  it("answers from the policy alone", () => {
    const policy = createToolPolicy({ allowedTools: ["run_history"], disallowedTools: ["Bash"] });
    expect(isToolAllowedByPolicy(policy, "RunHistory")).toBe(true);
    expect(isToolAllowedByPolicy(policy, "Bash")).toBe(false);
    expect(isToolAllowedByPolicy(policy, "Read")).toBe(false);
    expect(isToolAllowedByPolicy(policy, "MemoryRecall")).toBe(true);
  });

  it("throws unknown_tool naming the canonical names for an alias or unknown name", () => {
    expect(() => isToolAllowedByPolicy(createToolPolicy(), "run_history")).toThrow(
      expect.objectContaining({ code: "unknown_tool", message: expect.stringContaining("RunHistory") }),
    );
    expect(() => isToolAllowedByPolicy(createToolPolicy(), "Nope")).toThrow(ToolPolicyError);
  });
});

describe("TOOL_CATALOG", () => {
  it("has unique canonical PascalCase names and only registers those", () => {
    const names = TOOL_CATALOG.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[A-Z][A-Za-z]+$/);
  });

  it("gates everything except the switch tools", () => {
    const ungated = TOOL_CATALOG.filter((entry) => !entry.gated).map((entry) => entry.name);
    expect(ungated).toEqual(["MemoryRecall", "AskCollaborator"]);
  });
});
