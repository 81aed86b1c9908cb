import { describe, expect, it } from "vitest";
import {
  type DeclaredMcpServer,
  loadMonoAgentConfig,
  MonoAgentConfigError,
  type McpServerSpec,
  resolveMcpServer,
} from "../src/index.js";

/** `${GH_TOKEN}` and `${TOKEN}`, written without template-looking literals. */
const ghTokenReference = "$" + "{GH_TOKEN}";
const tokenReference = "$" + "{TOKEN}";

function declared(name: string, spec: McpServerSpec): DeclaredMcpServer {
  return {
    name,
    spec,
    origin: { file: "/agent/mcp.json", jsonPath: `mcpServers.${name}` },
    declaredIn: "mcp.json",
  };
}

describe("resolveMcpServer", () => {
  it("reads $env values from the given env and passes literals through unchanged", () => {
    const server = declared("github", {
      command: "github-mcp",
      args: ["stdio"],
      env: { GITHUB_TOKEN: { $env: "GH_TOKEN" }, LOG_LEVEL: "info", TEMPLATE: ghTokenReference },
      cwd: "tools/github",
    });
    const resolved = resolveMcpServer(server, { GH_TOKEN: "ghp_secret" }, "/work/repo");
    expect(resolved).toEqual({
      name: "github",
      transport: "stdio",
      command: "github-mcp",
      args: ["stdio"],
      env: { GITHUB_TOKEN: "ghp_secret", LOG_LEVEL: "info", TEMPLATE: ghTokenReference },
      cwd: "/work/repo/tools/github",
      options: { connectTimeoutMs: 30000 },
    });
  });

  it("picks the remote transport: http, sse, or auto (HTTP first, SSE fallback) without a type", () => {
    const env = { API_KEY: "k" };
    const auto = resolveMcpServer(
      declared("docs", { url: "https://mcp.example.com/mcp", headers: { "X-Api-Key": { $env: "API_KEY" } } }),
      env,
      "/w",
    );
    expect(auto).toMatchObject({ transport: "auto", headers: { "X-Api-Key": "k" } });
    expect(
      resolveMcpServer(declared("a", { url: "https://x.example", type: "sse" }), env, "/w").transport,
    ).toBe("sse");
    expect(
      resolveMcpServer(declared("b", { url: "https://x.example", type: "http" }), env, "/w").transport,
    ).toBe("http");
  });

  it("carries per-server options with defaults", () => {
    const resolved = resolveMcpServer(
      declared("fs", {
        command: "fs",
        timeoutMs: 5000,
        includeTools: ["read_*"],
        excludeTools: ["*_delete"],
      }),
      {},
      "/w",
    );
    expect(resolved.options).toEqual({
      timeoutMs: 5000,
      connectTimeoutMs: 30000,
      includeTools: ["read_*"],
      excludeTools: ["*_delete"],
    });
  });

  it("a missing variable is env_reference_missing naming the server, the field and the variable", () => {
    const server = declared("docs", {
      url: "https://x.example",
      headers: { Authorization: { $env: "DOCS_TOKEN" } },
    });
    let caught: unknown;
    try {
      resolveMcpServer(server, { OTHER: "x" }, "/w");
    } catch (error) {
      caught = error;
    }
    if (!MonoAgentConfigError.isInstance(caught)) throw new Error("expected MonoAgentConfigError");
    expect(caught.code).toBe("env_reference_missing");
    expect(caught.jsonPath).toBe("mcpServers.docs.headers.Authorization.$env");
    expect(caught.message).toContain('"docs"');
    expect(caught.message).toContain('headers entry "Authorization"');
    expect(caught.message).toContain("DOCS_TOKEN");
  });

  it("does not see inherited object properties as variables", () => {
    const server = declared("x", { command: "x", env: { A: { $env: "constructor" } } });
    expect(() => resolveMcpServer(server, {}, "/w")).toThrow(/constructor/);
  });

  it("a dollar-brace VAR string in a loaded config stays literal text", async () => {
    const loaded = await loadMonoAgentConfig({
      config: {
        tools: {
          mcpServers: { api: { url: "https://x.example", headers: { Authorization: tokenReference } } },
        },
      },
      cwd: "/agent",
      env: { TOKEN: "should-not-appear" },
    });
    const resolved = resolveMcpServer(
      loaded.mcpServers["api"]!,
      { TOKEN: "should-not-appear" },
      loaded.workspaceDir,
    );
    expect(resolved).toMatchObject({ headers: { Authorization: tokenReference } });
  });

  it("rejects a malformed $env reference when loading", async () => {
    const error = await loadMonoAgentConfig({
      config: { tools: { mcpServers: { api: { command: "x", env: { A: { $env: "not a name" } } } } } },
      cwd: "/agent",
      env: {},
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "config_invalid", jsonPath: "tools.mcpServers.api.env.A.$env" });
  });
});
