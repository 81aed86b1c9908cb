import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig } from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

const config = { tools: { mcpConfigPath: "./.mcp.json" } };

async function mcpMessages(mcpJson: unknown): Promise<string[]> {
  const agentDir = await makeAgentFolder({ "mono-agent.config.json": config, ".mcp.json": mcpJson });
  const { issues } = await diagnoseMonoAgentConfig({ cwd: agentDir, env: {} });
  return issues.map((issue) => issue.message);
}

describe("mistakes inside a server entry of mcp.json", () => {
  it('a misspelt "comand" suggests "command", naming the real file', async () => {
    const [message] = await mcpMessages({ mcpServers: { tools: { comand: "npx", args: ["x"] } } });
    expect(message).toContain(
      '.mcp.json at mcpServers.tools: the server declares neither "command" nor "url" (did you mean "command" for "comand"?)',
    );
  });

  it("Windsurf's serverUrl names url and mcp import", async () => {
    const [message] = await mcpMessages({
      mcpServers: { remote: { serverUrl: "https://example.test/mcp" } },
    });
    expect(message).toContain(
      '"serverUrl" is another host\'s name for it: write "url", or run `mono-agent mcp import`',
    );
  });

  it("a key that belongs beside command or url is not mistaken for one of them", async () => {
    const [message] = await mcpMessages({ mcpServers: { tools: { cwd: ".", args: [] } } });
    expect(message).toContain('declares neither "command" nor "url";');
  });

  it("a syntax error names the line and column of the real file", async () => {
    const [message] = await mcpMessages('{\n  "mcpServers": {\n    "a": { "command": "x", }\n  }\n}\n');
    expect(message).toMatch(/\.mcp\.json is not valid JSON at line 3, column \d+/);
  });
});
