import { describe, expect, it } from "vitest";
import { createToolPolicy, failClosedToolPolicy, ToolPolicyError } from "../src/index.js";

function rejection(input: unknown): ToolPolicyError {
  try {
    createToolPolicy(input as never);
  } catch (error) {
    if (ToolPolicyError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected createToolPolicy to throw");
}

describe("createToolPolicy rejects invalid lists with invalid_tool_policy", () => {
  it.each([
    [
      "a name in both lists",
      { allowedTools: ["Read", "Bash"], disallowedTools: ["Bash"] },
      "Tools cannot be both allowed and disallowed.",
    ],
    ["overlap compares case-insensitively", { allowedTools: ["bash"], disallowedTools: ["Bash"] }, "bash"],
    [
      '"*" in both lists',
      { allowedTools: ["*"], disallowedTools: ["*"] },
      "Tools cannot be both allowed and disallowed.",
    ],
    ["a name twice in allowedTools", { allowedTools: ["Read", "Read"] }, '"Read" more than once'],
    [
      "a case-insensitive duplicate in allowedTools",
      { allowedTools: ["Read", "READ"] },
      "case-insensitively",
    ],
    [
      "a case-insensitive duplicate in disallowedTools",
      { disallowedTools: ["RunHistory", "runhistory"] },
      "tools.disallowedTools",
    ],
    ["an empty string entry", { allowedTools: [""] }, "tools.allowedTools[0] must be a non-empty"],
    ["a whitespace-only entry", { disallowedTools: ["Read", "  "] }, "tools.disallowedTools[1]"],
    ["a non-string entry", { allowedTools: ["Read", 3] }, "got 3"],
    ["a list that is not an array", { allowedTools: "Read" }, "must be an array of tool names"],
    ["a null list", { disallowedTools: null }, "got null"],
    ["a policy that is not an object", ["Read"], "must be an object"],
  ])("%s", (_rule, input, message) => {
    const error = rejection(input);
    expect(error.code).toBe("invalid_tool_policy");
    expect(error.message).toContain(message);
  });

  it("names every overlapping tool", () => {
    const error = rejection({ allowedTools: ["Read", "Bash", "Grep"], disallowedTools: ["Grep", "Bash"] });
    expect(error.message).toBe(
      "Tools cannot be both allowed and disallowed. In both tools.allowedTools and tools.disallowedTools: Bash, Grep.",
    );
  });
});

describe("createToolPolicy normalises", () => {
  it("keeps omitted allowedTools omitted and defaults disallowedTools to []", () => {
    expect(createToolPolicy({})).toEqual({ disallowedTools: [] });
    expect(createToolPolicy()).toEqual({ disallowedTools: [] });
  });

  it("trims entries", () => {
    expect(createToolPolicy({ allowedTools: [" Read "] })).toEqual({
      allowedTools: ["Read"],
      disallowedTools: [],
    });
  });

  it("returns a frozen policy that is accepted again unchanged", () => {
    const policy = createToolPolicy({ allowedTools: ["Read"] });
    expect(Object.isFrozen(policy)).toBe(true);
    expect(createToolPolicy(policy)).toBe(policy);
  });

  it("failClosedToolPolicy allows and denies nothing", () => {
    expect(failClosedToolPolicy()).toEqual({ allowedTools: [], disallowedTools: [] });
  });
});

describe("ToolPolicyError.isInstance", () => {
  it("recognises errors from another copy of the package by marker, and rejects look-alikes", () => {
    const foreign = Object.assign(new Error("x"), {
      [Symbol.for("@mono-agent/policy/ToolPolicyError")]: true,
    });
    expect(ToolPolicyError.isInstance(foreign)).toBe(true);
    expect(ToolPolicyError.isInstance(new Error("x"))).toBe(false);
    expect(ToolPolicyError.isInstance(null)).toBe(false);
  });

  it("keeps the cause", () => {
    const cause = new Error("root");
    expect(new ToolPolicyError("invalid_tool_policy", "bad", { cause }).cause).toBe(cause);
  });
});
