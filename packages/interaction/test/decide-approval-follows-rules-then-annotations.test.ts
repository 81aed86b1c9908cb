import { describe, expect, test } from "vitest";
import { type ApprovalRules, decideApproval, hashToolArguments } from "../src/index.js";

const rules = (overrides: Partial<ApprovalRules>): ApprovalRules => ({
  mode: "annotations",
  require: [],
  exempt: [],
  scopes: ["once", "run", "conversation", "always"],
  timeoutMs: 1_000,
  ...overrides,
});

describe("decideApproval", () => {
  test.each([
    ["off asks for nothing", rules({ mode: "off", require: ["*"] }), "Bash", false, undefined, false],
    [
      "require matches a built-in by glob",
      rules({ mode: "rules", require: ["Ba*"] }),
      "Bash",
      false,
      undefined,
      true,
    ],
    [
      "rules mode ignores annotations",
      rules({ mode: "rules" }),
      "mcp__s__x",
      true,
      { destructiveHint: true },
      false,
    ],
    ["readOnlyHint runs", rules({}), "mcp__s__read", true, { readOnlyHint: true }, false],
    ["destructiveHint asks", rules({}), "mcp__s__rm", true, { destructiveHint: true }, true],
    ["an unannotated MCP tool asks (the spec's default)", rules({}), "mcp__s__x", true, undefined, true],
    ["destructiveHint false runs", rules({}), "mcp__s__x", true, { destructiveHint: false }, false],
    ["annotations never apply to built-ins", rules({}), "Write", false, undefined, false],
    [
      "exempt wins over require and annotations",
      rules({ require: ["mcp__s__*"], exempt: ["mcp__s__rm"] }),
      "mcp__s__rm",
      true,
      { destructiveHint: true },
      false,
    ],
  ])("%s", (_name, given, toolName, external, annotations, asks) => {
    expect(decideApproval(given, { toolName, external, ...(annotations ? { annotations } : {}) }).ask).toBe(
      asks,
    );
  });

  test("the arguments hash ignores key order", () => {
    expect(hashToolArguments({ a: 1, b: { c: 2, d: 3 } })).toBe(
      hashToolArguments({ b: { d: 3, c: 2 }, a: 1 }),
    );
    expect(hashToolArguments({ a: 1 })).not.toBe(hashToolArguments({ a: 2 }));
  });
});
