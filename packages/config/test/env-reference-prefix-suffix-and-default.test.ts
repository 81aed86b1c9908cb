import { describe, expect, it } from "vitest";
import {
  type DeclaredMcpServer,
  findHostVariableSyntax,
  type McpServerSpec,
  mcpConfigFileSchema,
  MonoAgentConfigError,
  resolveMcpServer,
} from "../src/index.js";

/** `${TOKEN}` and friends, written without template-looking literals. */
const dollar = "$";

function declared(spec: McpServerSpec): DeclaredMcpServer {
  return {
    name: "api",
    spec,
    origin: { file: "/agent/mcp.json", jsonPath: "mcpServers.api" },
    declaredIn: "mcp.json",
  };
}

describe('{ "$env": NAME } with prefix, suffix and default', () => {
  it("keeps a bearer token out of the file: prefix + value + suffix", () => {
    const server = declared({
      url: "https://api.example.test/mcp",
      headers: {
        Authorization: { $env: "API_TOKEN", prefix: "Bearer " },
        "X-Path": { $env: "HOME", suffix: "/.config/api" },
      },
    });
    const resolved = resolveMcpServer(server, { API_TOKEN: "t0ken", HOME: "/home/me" }, "/agent");
    expect(resolved.transport !== "stdio" && resolved.headers).toEqual({
      Authorization: "Bearer t0ken",
      "X-Path": "/home/me/.config/api",
    });
  });

  it("uses the default when the variable is unset, and is an error naming the variable without one", () => {
    const server = declared({
      command: "x",
      env: { LEVEL: { $env: "LOG_LEVEL", default: "info", prefix: "level=" } },
    });
    const resolved = resolveMcpServer(server, {}, "/agent");
    expect(resolved.transport === "stdio" && resolved.env).toEqual({ LEVEL: "level=info" });
    const strict = declared({ command: "x", env: { TOKEN: { $env: "NOT_SET", prefix: "Bearer " } } });
    const error = (() => {
      try {
        resolveMcpServer(strict, {}, "/agent");
      } catch (caught) {
        return caught;
      }
    })();
    expect(MonoAgentConfigError.isInstance(error) && error.code).toBe("env_reference_missing");
  });

  it("the schema accepts only these keys, with string values", () => {
    const parse = (value: unknown) =>
      mcpConfigFileSchema.safeParse({
        mcpServers: { api: { url: "https://x.test/mcp", headers: { A: value } } },
      }).success;
    expect(parse({ $env: "T", prefix: "Bearer ", suffix: "", default: "d" })).toBe(true);
    expect(parse({ $env: "T", prefix: 1 })).toBe(false);
    expect(parse({ $env: "T", template: `Bearer ${dollar}{T}` })).toBe(false);
  });
});

describe("findHostVariableSyntax", () => {
  it("finds another host's dollar-brace syntax in any string of a spec, with its path", () => {
    const spec = {
      command: "npx",
      args: ["-y", "server", `${dollar}{workspaceFolder}/data`],
      env: { KEY: `${dollar}{env:API_KEY}`, PLAIN: "no variable", COST: "$5" },
      url: undefined,
    };
    expect(findHostVariableSyntax(spec, "mcpServers.fs")).toEqual([
      { jsonPath: "mcpServers.fs.args[2]", placeholder: `${dollar}{workspaceFolder}` },
      { jsonPath: "mcpServers.fs.env.KEY", placeholder: `${dollar}{env:API_KEY}` },
    ]);
  });
});
