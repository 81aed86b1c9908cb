import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createToolPolicy, evaluateTool, evaluateToolCatalog, findUnknownToolNames, ToolPolicyError } from "../src/index.js";
import { TOOL_CATALOG } from "../src/tool-catalog.js";

function resultOrToolPolicyError(run: () => unknown): void {
  try {
    run();
  } catch (error) {
    expect(ToolPolicyError.isInstance(error)).toBe(true);
  }
}

const catalogNames = TOOL_CATALOG.map((entry) => entry.name);
const nameLike = fc.oneof(
  fc.constantFrom("*", "run_history", "mcp__mono-agent-memory-journal__*", ...catalogNames),
  fc.string(),
);
const anyList = fc.oneof(
  fc.jsonValue(),
  fc.array(fc.oneof(nameLike, fc.jsonValue()), { maxLength: 6 }),
  fc.constant(undefined),
);
const anyPolicyInput = fc.oneof(
  fc.jsonValue(),
  fc.record({ allowedTools: anyList, disallowedTools: anyList }, { requiredKeys: [] }),
);
const anyCandidate = fc.oneof(
  nameLike,
  fc.jsonValue(),
  fc.record({
    kind: fc.constant("external-mcp"),
    serverName: fc.oneof(fc.string(), fc.jsonValue()),
    toolName: fc.string(),
  }),
);

describe("policy functions never throw anything but ToolPolicyError", () => {
  it("createToolPolicy, findUnknownToolNames and evaluateToolCatalog on arbitrary JSON", () => {
    fc.assert(
      fc.property(anyPolicyInput, fc.jsonValue(), (input, context) => {
        resultOrToolPolicyError(() => {
          const policy = createToolPolicy(input as never);
          findUnknownToolNames(policy);
          evaluateToolCatalog(policy, context as never);
        });
      }),
    );
  });

  it("evaluateTool on arbitrary policies, candidates and contexts", () => {
    fc.assert(
      fc.property(anyPolicyInput, anyCandidate, fc.jsonValue(), (input, candidate, context) => {
        resultOrToolPolicyError(() => evaluateTool(input as never, candidate as never, context as never));
      }),
    );
  });

  it("a valid policy never yields a withheld decision without a reason and detail", () => {
    fc.assert(
      fc.property(
        fc.array(nameLike, { maxLength: 5 }),
        fc.array(nameLike, { maxLength: 5 }),
        (allowed, denied) => {
          resultOrToolPolicyError(() => {
            const policy = createToolPolicy({ allowedTools: allowed, disallowedTools: denied });
            for (const decision of evaluateToolCatalog(policy, {})) {
              if (decision.decision === "withheld") expect(decision.detail.length).toBeGreaterThan(0);
            }
          });
        },
      ),
    );
  });
});
