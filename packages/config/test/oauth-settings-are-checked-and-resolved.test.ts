import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig, resolveMcpServer } from "../src/index.js";

const remote = (oauth: unknown) => ({
  tools: { mcpServers: { api: { url: "https://mcp.example.com/mcp", oauth } } },
});

describe("oauth settings of a remote server", () => {
  it("resolves a pre-registered client with its secret read from the env", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/tmp",
      env: { API_SECRET: "s3cret" },
      config: remote({ clientId: "mono", clientSecret: { $env: "API_SECRET" }, scope: "read" }),
    });
    const server = resolveMcpServer(loaded.mcpServers.api!, { API_SECRET: "s3cret" }, "/tmp");
    expect(server).toMatchObject({
      transport: "auto",
      oauth: { grant: "authorization_code", clientId: "mono", clientSecret: "s3cret", scope: "read" },
    });
  });

  it("names the missing variable of a clientSecret reference", async () => {
    const loaded = await loadMonoAgentConfig({
      cwd: "/tmp",
      env: {},
      config: remote({ clientId: "mono", clientSecret: { $env: "API_SECRET" } }),
    });
    expect(() => resolveMcpServer(loaded.mcpServers.api!, {}, "/tmp")).toThrow(
      /oauth entry "clientSecret" reads the environment variable API_SECRET, which is not set/,
    );
  });

  it("refuses client credentials without a secret or key, and a literal secret is warned", async () => {
    const missing = await diagnoseMonoAgentConfig({
      cwd: "/tmp",
      env: {},
      config: remote({ grant: "client_credentials", clientId: "svc" }),
    });
    expect(missing.issues.map((issue) => issue.message).join("\n")).toMatch(
      /exactly one of "clientSecret" and "privateKey"/,
    );
    const literal = await diagnoseMonoAgentConfig({
      cwd: "/tmp",
      env: {},
      config: remote({ grant: "client_credentials", clientId: "svc", clientSecret: "plain" }),
    });
    expect(literal.issues).toContainEqual(
      expect.objectContaining({ code: "literal_credential", jsonPath: expect.stringContaining("oauth") }),
    );
  });

  it("accepts oauth: false and refuses a client metadata URL that is not https with a path", async () => {
    const off = await loadMonoAgentConfig({ cwd: "/tmp", env: {}, config: remote(false) });
    expect(resolveMcpServer(off.mcpServers.api!, {}, "/tmp")).toMatchObject({ oauth: false });
    const bad = await diagnoseMonoAgentConfig({
      cwd: "/tmp",
      env: {},
      config: remote({ clientMetadataUrl: "http://example.com/" }),
    });
    expect(bad.issues.map((issue) => issue.message).join("\n")).toMatch(/https:\/\//);
  });

  it("reads tools.mcpStartupGraceMs from MONO_AGENT_MCP_STARTUP_GRACE_MS, default 10000", async () => {
    const plain = await loadMonoAgentConfig({ cwd: "/tmp", env: {}, config: {} });
    expect(plain.config.tools.mcpStartupGraceMs).toBe(10_000);
    const fromEnv = await loadMonoAgentConfig({
      cwd: "/tmp",
      env: { MONO_AGENT_MCP_STARTUP_GRACE_MS: "0" },
      config: {},
    });
    expect(fromEnv.config.tools.mcpStartupGraceMs).toBe(0);
  });
});
