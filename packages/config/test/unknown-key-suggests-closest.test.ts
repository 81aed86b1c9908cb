import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  diagnoseMonoAgentConfig,
  loadMonoAgentConfig,
  MonoAgentConfigError,
  unknownMcpServerProblem,
} from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

async function issuesFor(config: unknown) {
  return (await diagnoseMonoAgentConfig({ config, cwd: "/agent", env: {} })).issues;
}

describe("unknown keys", () => {
  it("tools.mcpConfigPth suggests mcpConfigPath, naming the file and the JSON path", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": { tools: { mcpConfigPth: "./mcp.json" } },
    });
    const error = await loadMonoAgentConfig({ cwd: agentDir, env: {} }).catch((caught: unknown) => caught);
    if (!MonoAgentConfigError.isInstance(error)) throw new Error("expected MonoAgentConfigError");
    expect(error.code).toBe("unknown_key");
    expect(error.issues[0]).toMatchObject({
      code: "unknown_key",
      file: join(agentDir, "mono-agent.config.json"),
      jsonPath: "tools.mcpConfigPth",
      suggestion: "mcpConfigPath",
    });
    expect(error.message).toContain(join(agentDir, "mono-agent.config.json"));
    expect(error.message).toContain('did you mean "mcpConfigPath"');
    expect(error.message).toContain("allowedTools");
  });

  it("a key placed one level too high suggests its full place", async () => {
    const [issue] = await issuesFor({ mcpServers: {} });
    expect(issue).toMatchObject({
      code: "unknown_key",
      jsonPath: "mcpServers",
      suggestion: "tools.mcpServers",
    });
  });

  it("suggests keys inside a server spec of the form the spec uses", async () => {
    const issues = await issuesFor({
      tools: { mcpServers: { gh: { url: "https://x.example", header: {} } } },
    });
    expect(issues[0]).toMatchObject({ jsonPath: "tools.mcpServers.gh.header", suggestion: "headers" });
    const stdio = await issuesFor({ tools: { mcpServers: { fs: { command: "npx", arg: [] } } } });
    expect(stdio[0]).toMatchObject({ jsonPath: "tools.mcpServers.fs.arg", suggestion: "args" });
  });

  it("every unknown key is reported, also deep inside optional blocks", async () => {
    const issues = await issuesFor({
      artifacts: { retention: { maxAge: 3 } },
      memory: { path: "m", recallTool: { enable: false } },
      continuations: { limits: { maxConcurent: 3 } },
    });
    expect(issues.map((issue) => [issue.jsonPath, issue.suggestion])).toEqual([
      ["artifacts.retention.maxAge", "maxAgeDays"],
      ["memory.recallTool.enable", "enabled"],
      ["continuations.limits.maxConcurent", "maxConcurrent"],
    ]);
  });

  it("a far-off key gets no suggestion but still lists the accepted keys", async () => {
    const [issue] = await issuesFor({ runtime: { zzzzzzzz: 1 } });
    expect(issue?.suggestion).toBeUndefined();
    expect(issue?.message).toContain("workspace, model, instructions, effort, session");
  });
});

describe("unknownMcpServerProblem", () => {
  it("names the closest declared server and every declared one; a declared name has no problem", () => {
    expect(unknownMcpServerProblem("github", ["github", "files"])).toBeUndefined();
    expect(unknownMcpServerProblem("githb", ["github", "files"])).toBe(
      'no MCP server named "githb" (did you mean "github"?); declared: github, files',
    );
    expect(unknownMcpServerProblem("x", [])).toBe('no MCP server named "x"; declared: none');
  });
});
