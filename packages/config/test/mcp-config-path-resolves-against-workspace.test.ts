import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig } from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

const server = { command: "node", args: ["server.js"] };

describe("path resolution", () => {
  it("a relative mcpConfigPath is read inside the workspace, not next to the config file", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { runtime: { workspace: "./work" }, tools: { mcpConfigPath: "./mcp.json" } },
      "mcp.json": { mcpServers: { "beside-config": server } },
      "work/mcp.json": { mcpServers: { "in-workspace": server } },
    });
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(loaded.workspaceDir).toBe(join(agentDir, "work"));
    expect(loaded.mcp).toEqual({ configPath: join(agentDir, "work", "mcp.json"), status: "loaded" });
    expect(Object.keys(loaded.mcpServers)).toEqual(["in-workspace"]);
    expect(loaded.mcpServers["in-workspace"]?.origin).toEqual({
      file: join(agentDir, "work", "mcp.json"),
      jsonPath: "mcpServers.in-workspace",
    });
  });

  it("MONO_AGENT_WORKSPACE moves the base of mcpConfigPath too", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { tools: { mcpConfigPath: "mcp.json" } },
      "other/mcp.json": { mcpServers: { other: server } },
    });
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: { MONO_AGENT_WORKSPACE: "other" } });
    expect(loaded.mcp.configPath).toBe(join(agentDir, "other", "mcp.json"));
    expect(loaded.sources["runtime.workspace"]).toBe("env");
  });

  it("artifacts, memory, instructions and continuation state resolve against the agent folder", async () => {
    const agentDir = await makeAgentFolder({
      "agent/mono-agent.config.json": {
        runtime: { workspace: "../repo", instructions: "prompts/system.md" },
        memory: { path: "./memory" },
        continuations: {},
      },
    });
    const loaded = await loadMonoAgentConfig({
      cwd: agentDir,
      configPath: "agent/mono-agent.config.json",
      env: {},
    });
    const folder = join(agentDir, "agent");
    expect(loaded.agentDir).toBe(folder);
    expect(loaded.configPath).toBe(join(folder, "mono-agent.config.json"));
    expect(loaded.workspaceDir).toBe(join(agentDir, "repo"));
    expect(loaded.artifactsDir).toBe(join(folder, ".mono-agent", "artifacts"));
    expect(loaded.memoryDir).toBe(join(folder, "memory"));
    expect(loaded.instructionsPath).toBe(join(folder, "prompts", "system.md"));
    expect(loaded.continuationsStateDir).toBe(join(folder, ".mono-agent", "continuations"));
  });

  it("a missing mcp.json loads with status missing and is a warning in diagnose", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { tools: { mcpConfigPath: "./nope.json" } },
    });
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(loaded.mcp).toEqual({ configPath: join(agentDir, "nope.json"), status: "missing" });
    const { issues } = await diagnoseMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ severity: "warning", code: "mcp_config_missing" });
    expect(issues[0]?.message).toContain(`MCP config file is missing: ${join(agentDir, "nope.json")}`);
  });

  it("defaults apply when the file is empty: demo model, no mcp config", async () => {
    const agentDir = await makeAgentFolder({ "mono-agent.config.json": {} });
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(loaded.config.runtime).toEqual({
      workspace: ".",
      model: "demo:demo",
      instructions: "AGENTS.md",
      session: { rollover: "none", isolateProactive: true },
    });
    expect(loaded.config.tools).toMatchObject({
      disallowedTools: [],
      mcpRequestContextServers: [],
      continuationServers: [],
      mcpCallTimeoutMs: 120000,
      mcpCallMaxTotalTimeoutMs: 2700000,
      mcpEnvPassthrough: [],
    });
    expect(loaded.config.artifacts.retention).toEqual({ maxAgeDays: 365, maxCount: 50000, dryRun: false });
    expect(loaded.config.interaction).toEqual({
      progress: { enabled: true },
      askUser: { timeoutMs: 600000 },
      answerers: { asks: "asker", approvers: [], askerApproves: true },
      bridge: { host: "127.0.0.1", port: 0 },
    });
    expect(loaded.mcp).toEqual({ status: "not_configured" });
    expect(loaded.mcpServers).toEqual({});
  });
});
