import { describe, expect, it } from "vitest";
import { type AskPrompt, describeAsk } from "../src/index.js";

const approval: AskPrompt = {
  kind: "approval",
  toolName: "Deploy",
  argumentsPreview: "{}",
  argumentsHash: "h",
  reason: 'tools.approval.require matches "Deploy"',
  scopes: ["once"],
};

describe("describeAsk", () => {
  it("names the tool, the decision, its scope and who gave it", () => {
    expect(
      describeAsk({
        kind: "approval",
        status: "answered",
        prompt: approval,
        answer: { kind: "approval", decision: "approve", scope: "once" },
        answeredBy: { channel: "web", displayName: "Ada" },
      }),
    ).toBe('approval asked for Deploy (tools.approval.require matches "Deploy"); approved (once) by Ada');
  });

  it("says why there is no answer, and bounds the line at 2,000 characters", () => {
    expect(
      describeAsk({ kind: "approval", status: "cancelled", prompt: approval, cancelReason: "run_ended" }),
    ).toMatch(/; cancelled \(run_ended\)$/);
    const long = describeAsk({
      kind: "approval",
      status: "expired",
      prompt: { ...approval, kind: "approval", toolName: "x".repeat(3_000) } as AskPrompt,
    });
    expect(long).toHaveLength(2_001);
    expect(long.endsWith("…")).toBe(true);
  });
});
