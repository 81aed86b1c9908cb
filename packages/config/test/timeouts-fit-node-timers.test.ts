import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig, MAX_TIMEOUT_MS } from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

/** The error messages of a config file, as validate shows them. */
async function errorsOf(config: unknown, env: Record<string, string> = {}): Promise<string[]> {
  const agentDir = await makeAgentFolder({ "mono-agent.config.json": config });
  const diagnosis = await diagnoseMonoAgentConfig({ cwd: agentDir, env });
  return diagnosis.issues.filter((issue) => issue.severity === "error").map((issue) => issue.message);
}

describe("timeouts beyond what a Node timer holds", () => {
  const accepted = `accepted: an integer from 1 to ${MAX_TIMEOUT_MS}`;

  it("are rejected in every timeout key, naming the accepted range (a longer timer would fire after 1 ms)", async () => {
    const tooLong = MAX_TIMEOUT_MS + 1;
    const errors = await errorsOf({
      tools: {
        mcpCallTimeoutMs: tooLong,
        mcpCallMaxTotalTimeoutMs: tooLong,
        mcpServers: { slow: { command: "node", timeoutMs: tooLong, connectTimeoutMs: tooLong } },
      },
      continuations: { limits: { synthesisTimeoutMs: tooLong, deliveryTimeoutMs: tooLong } },
    });
    for (const path of [
      "tools.mcpCallTimeoutMs",
      "tools.mcpCallMaxTotalTimeoutMs",
      "tools.mcpServers.slow.timeoutMs",
      "tools.mcpServers.slow.connectTimeoutMs",
      "continuations.limits.synthesisTimeoutMs",
      "continuations.limits.deliveryTimeoutMs",
    ])
      expect(errors).toContainEqual(
        expect.stringContaining(`at ${path}: got the number ${tooLong}; ${accepted}`),
      );
  });

  it("a number past the safe integer range names the accepted range, not zod's internal bound", async () => {
    const errors = await errorsOf({ tools: { mcpCallTimeoutMs: 1e30 } });
    expect(errors).toEqual([expect.stringContaining(`got the number 1e+30; ${accepted}`)]);
    expect(errors.join("\n")).not.toContain("9007199254740991");
  });

  it("an env override past the bound is an error naming the variable", async () => {
    const errors = await errorsOf({}, { MONO_AGENT_MCP_CALL_TIMEOUT_MS: "3000000000" });
    expect(errors).toEqual([
      expect.stringContaining("MONO_AGENT_MCP_CALL_TIMEOUT_MS sets tools.mcpCallTimeoutMs"),
    ]);
    expect(errors[0]).toContain(accepted);
  });

  it("the largest timer still loads", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { tools: { mcpCallTimeoutMs: MAX_TIMEOUT_MS } },
    });
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(loaded.config.tools.mcpCallTimeoutMs).toBe(MAX_TIMEOUT_MS);
  });
});

describe("an mcpServers that is not an object", () => {
  it("says what is accepted in words, with an example, not zod's type name", async () => {
    const errors = await errorsOf({ tools: { mcpServers: [{ command: "npx" }] } });
    expect(errors).toEqual([
      expect.stringContaining(
        'at tools.mcpServers: got an array; accepted: an object of servers by name, e.g. { "my-server"',
      ),
    ]);
    expect(errors[0]).not.toContain("record");
  });
});
