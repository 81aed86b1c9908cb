import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkInteraction } from "../src/check.js";

async function loadIn(config: Record<string, unknown>) {
  return loadMonoAgentConfig({ config, cwd: tempDir("interaction-check-"), env: {} });
}

describe("checkInteraction", () => {
  it("offers AskUser, advertises elicitation and says approvals are off by default", async () => {
    const lines = checkInteraction(await loadIn({}));
    expect(lines[0]).toMatchObject({ status: "ok" });
    expect(lines[0]?.message).toMatch(/^AskUser is offered: .*; waits /);
    expect(lines[1]).toMatchObject({ status: "ok", message: expect.stringMatching(/^MCP elicitation/) });
    expect(lines[4]).toEqual({
      status: "disabled",
      message: "Tool approvals are off (tools.approval.mode).",
    });
  });

  it("says who answers asks and approvals, and where a run no person started asks", async () => {
    const byDefault = checkInteraction(await loadIn({}));
    expect(byDefault[2]?.message).toBe(
      "Asks are answered by the person whose message started the run; approvals are decided by the asker. A press by anyone else is refused and told why (interaction.answerers).",
    );
    expect(byDefault[3]?.message).toMatch(
      /^Runs no person started \(triggers\) have no asker: their approvals fail closed/,
    );
    const configured = checkInteraction(
      await loadIn({
        interaction: { answerers: { asks: "anyone", approvers: ["slack:U0BOSS1", "telegram:9999"] } },
      }),
    );
    expect(configured[2]?.message).toMatch(
      /^Asks are answered by anyone in the chat who can see the card; approvals are decided by the asker or slack:U0BOSS1, telegram:9999\./,
    );
    expect(configured[3]?.message).toMatch(/their approvals go to slack:U0BOSS1, telegram:9999 where/);
  });

  it("says AskUser is not offered when the tool policy withholds it", async () => {
    const lines = checkInteraction(await loadIn({ tools: { disallowedTools: ["AskUser"] } }));
    expect(lines[0]).toMatchObject({
      status: "disabled",
      message: expect.stringMatching(/^AskUser is not offered: /),
    });
  });

  it("lists the approval rules, and warns when rules mode names no tool", async () => {
    const rules = checkInteraction(
      await loadIn({ tools: { approval: { mode: "rules", require: ["Bash"] } } }),
    );
    expect(rules[4]).toMatchObject({
      status: "ok",
      message: expect.stringMatching(/^Tool approvals \(rules\): ask for Bash; scopes /),
    });
    const empty = checkInteraction(await loadIn({ tools: { approval: { mode: "rules" } } }));
    expect(empty[4]).toEqual({
      status: "warning",
      message:
        'Tool approvals are on (mode "rules") but tools.approval.require names no tool: nothing will ask.',
    });
  });
});
