import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig, MonoAgentConfigError } from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

async function diagnose(files: Record<string, unknown>) {
  const agentDir = await makeAgentFolder(files);
  return { agentDir, ...(await diagnoseMonoAgentConfig({ cwd: agentDir, env: {} })) };
}

describe("mcp.json and tools.mcpServers", () => {
  it("merges both into one map in declaration order, each server keeping its origin", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": {
        tools: {
          mcpConfigPath: "mcp.json",
          mcpServers: { docs: { url: "https://mcp.example.com/mcp", type: "http" } },
        },
      },
      "mcp.json": { mcpServers: { filesystem: { command: "npx", args: ["-y", "server"] } } },
    });
    const loaded = await loadMonoAgentConfig({ cwd: agentDir, env: {} });
    expect(Object.keys(loaded.mcpServers)).toEqual(["filesystem", "docs"]);
    expect(loaded.mcpServers["filesystem"]).toMatchObject({
      declaredIn: "mcp.json",
      origin: { file: join(agentDir, "mcp.json"), jsonPath: "mcpServers.filesystem" },
    });
    expect(loaded.mcpServers["docs"]).toMatchObject({
      declaredIn: "tools.mcpServers",
      spec: { url: "https://mcp.example.com/mcp", type: "http" },
      origin: { file: join(agentDir, "mono-agent.config.json"), jsonPath: "tools.mcpServers.docs" },
    });
  });

  it("a name declared in both places is an error naming both files and JSON paths", async () => {
    const { agentDir, issues, loaded } = await diagnose({
      "mono-agent.config.json": {
        tools: { mcpConfigPath: "mcp.json", mcpServers: { files: { command: "b" } } },
      },
      "mcp.json": { mcpServers: { files: { command: "a" } } },
    });
    expect(loaded).toBeUndefined();
    expect(issues).toHaveLength(1);
    expect(issues[0]?.code).toBe("duplicate_server");
    expect(issues[0]?.message).toContain(`${join(agentDir, "mcp.json")} at mcpServers.files`);
    expect(issues[0]?.message).toContain(
      `${join(agentDir, "mono-agent.config.json")} at tools.mcpServers.files`,
    );
  });

  it.each([
    ["mono-agent-memory", "reserved for app-owned servers"],
    ["my__server", '"__"'],
    ["-leading-dash", "not allowed"],
    ["has space", "not allowed"],
    ["x".repeat(49), "longer than 48"],
  ])("server name %j is an invalid_server_name error (%s)", async (name, reason) => {
    const { issues } = await diagnose({
      "mono-agent.config.json": { tools: { mcpServers: { [name]: { command: "a" } } } },
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]?.code).toBe("invalid_server_name");
    expect(issues[0]?.message).toContain(reason);
    expect(issues[0]?.message).toContain("accepted: a letter or digit");
  });

  it("rejects an invalid name in mcp.json too, with the mcp.json path", async () => {
    const { agentDir, issues } = await diagnose({
      "mono-agent.config.json": { tools: { mcpConfigPath: "mcp.json" } },
      "mcp.json": { mcpServers: { "mono-agent-run-history": { command: "a" } } },
    });
    expect(issues[0]).toMatchObject({ code: "invalid_server_name", file: join(agentDir, "mcp.json") });
  });

  it("a spec with both command and url, or neither, says which forms are accepted", async () => {
    const { issues } = await diagnose({
      "mono-agent.config.json": {
        tools: { mcpServers: { both: { command: "a", url: "https://x.example" }, neither: { args: ["x"] } } },
      },
    });
    expect(issues.map((issue) => issue.jsonPath)).toEqual([
      "tools.mcpServers.both",
      "tools.mcpServers.neither",
    ]);
    expect(issues[0]?.message).toContain('declares both "command" and "url"');
    expect(issues[1]?.message).toContain('neither "command" nor "url"');
    for (const issue of issues) expect(issue.message).toContain("for a stdio server, or");
  });

  it("reports errors inside the chosen form with their JSON path", async () => {
    const { issues } = await diagnose({
      "mono-agent.config.json": {
        tools: {
          mcpServers: {
            remote: { url: "ftp://example.com", type: "websocket" },
            local: { command: "", env: { PORT: 8080 } },
          },
        },
      },
    });
    const byPath = Object.fromEntries(issues.map((issue) => [issue.jsonPath, issue]));
    expect(byPath["tools.mcpServers.remote.url"]?.message).toContain("http:// or https://");
    expect(byPath["tools.mcpServers.remote.type"]?.message).toContain('one of "http", "sse"');
    expect(byPath["tools.mcpServers.local.command"]?.message).toContain("non-empty");
    expect(byPath["tools.mcpServers.local.env.PORT"]?.message).toContain('{ "$env": "NAME" }');
  });

  it("malformed mcp.json is an mcp_config_invalid error", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { tools: { mcpConfigPath: "mcp.json" } },
      "mcp.json": '{ "mcpServers": { "a": { "command": "x" }, } }',
    });
    const error = await loadMonoAgentConfig({ cwd: agentDir, env: {} }).catch((caught: unknown) => caught);
    expect(MonoAgentConfigError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "mcp_config_invalid", file: join(agentDir, "mcp.json") });
  });

  it("mcp.json that is a folder is mcp_config_unreadable", async () => {
    const { issues } = await diagnose({
      "mono-agent.config.json": { tools: { mcpConfigPath: "mcp" } },
      "mcp/placeholder.txt": "x",
    });
    expect(issues[0]?.code).toBe("mcp_config_unreadable");
  });

  it("still checks mcp.json when the main config has errors", async () => {
    const { issues } = await diagnose({
      "mono-agent.config.json": { runtime: { model: "no colon" }, tools: { mcpConfigPath: "mcp.json" } },
      "mcp.json": { mcpServers: "not an object" },
    });
    expect(issues.map((issue) => issue.code)).toEqual(["config_invalid", "mcp_config_invalid"]);
  });
});
