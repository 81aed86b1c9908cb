import { describe, expect, test } from "vitest";
import { monoAgentConfigSchema } from "../src/index.js";

const parse = (answerers: unknown) => monoAgentConfigSchema.safeParse({ interaction: { answerers } });

describe("interaction.answerers", () => {
  test("takes asker, anyone, or a list of people in the channel:id form", () => {
    for (const answerers of [
      { asks: "anyone" },
      { asks: ["asker", "slack:U0123ABCD", "telegram:123456789"] },
      { approvers: ["slack:W0LEAD", "telegram:42", "web", "cli"], askerApproves: false },
    ]) {
      const result = parse(answerers);
      expect(result.success, JSON.stringify(answerers)).toBe(true);
    }
  });

  test("refuses a person not in a known form and names the accepted one", () => {
    for (const bad of [{ approvers: ["U0123ABCD"] }, { approvers: ["slack"] }, { asks: ["telegram:-100"] }]) {
      const result = parse(bad);
      expect(result.success).toBe(false);
      expect(JSON.stringify(result.error?.issues)).toContain("(a Slack user id)");
    }
    expect(parse({ asks: [] }).success).toBe(false);
    expect(parse({ askers: "anyone" }).success).toBe(false);
  });
});
