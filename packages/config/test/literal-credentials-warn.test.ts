import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig } from "../src/index.js";

async function warningsFor(mcpServers: Record<string, unknown>) {
  const { loaded, issues } = await diagnoseMonoAgentConfig({
    config: { tools: { mcpServers } },
    cwd: "/agent",
    env: {},
  });
  expect(loaded).toBeDefined();
  return issues.filter((issue) => issue.code === "literal_credential");
}

describe("literal credentials", () => {
  it("warns on an Authorization: Bearer header and suggests an $env reference", async () => {
    const [warning] = await warningsFor({
      github: { url: "https://api.example.com/mcp", headers: { Authorization: "Bearer abcdef0123456789" } },
    });
    expect(warning).toMatchObject({
      severity: "warning",
      file: "<inline config>",
      jsonPath: "tools.mcpServers.github.headers.Authorization",
      suggestion: '{ "$env": "GITHUB_AUTHORIZATION" }',
    });
    expect(warning?.message).toContain('{ "$env": "GITHUB_AUTHORIZATION" }');
  });

  it("warns on an env entry named API_TOKEN with a literal value", async () => {
    const [warning] = await warningsFor({ tool: { command: "tool", env: { API_TOKEN: "tok-123456" } } });
    expect(warning).toMatchObject({
      jsonPath: "tools.mcpServers.tool.env.API_TOKEN",
      suggestion: '{ "$env": "API_TOKEN" }',
    });
  });

  it("warns on a token-shaped value under a harmless name", async () => {
    const warnings = await warningsFor({
      tool: { command: "tool", env: { VALUE: "ghp_0123456789abcdefghij" } },
    });
    expect(warnings).toHaveLength(1);
  });

  it("stays quiet for $env references, plain settings and numbers under credential-like names", async () => {
    const warnings = await warningsFor({
      tool: {
        command: "tool",
        env: {
          API_TOKEN: { $env: "API_TOKEN" },
          LOG_LEVEL: "info",
          MAX_TOKENS: "8000",
          TOKEN_FILE_ENABLED: "true",
        },
      },
    });
    expect(warnings).toEqual([]);
  });
});
