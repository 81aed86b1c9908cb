import { loadMonoAgentConfig } from "@mono-agent/config";
import { describe, expect, test } from "vitest";
import { prelaunchableServers, resolveRunServerSpecs } from "../src/index.js";

const env = { DOCS_TOKEN: "docs-token" };

async function loaded(tools: Record<string, unknown> = {}) {
  return loadMonoAgentConfig({
    cwd: "/agents/demo",
    env,
    config: {
      tools: {
        ...tools,
        mcpServers: {
          files: { command: "node", args: ["files.mjs"] },
          progress: { command: "node", args: ["progress.mjs"] },
          off: { command: "node", args: ["off.mjs"], enabled: false },
          docs: {
            type: "http",
            url: "http://127.0.0.1:9/mcp",
            headers: { "X-Token": { $env: "DOCS_TOKEN" } },
          },
          unset: { command: "node", env: { KEY: { $env: "NOT_SET_ANYWHERE" } } },
        },
      },
    },
  });
}

describe("resolveRunServerSpecs", () => {
  test("resolves enabled servers, runs stdio ones in the workspace, skips an unset $env with why", async () => {
    const config = await loaded();
    const { servers, skipped } = resolveRunServerSpecs(config, env);
    expect(servers.map((spec) => spec.name)).toEqual(["files", "progress", "docs"]);
    expect(servers[0]).toMatchObject({ transport: "stdio", cwd: config.workspaceDir });
    expect(servers[2]).toMatchObject({ transport: "http", headers: { "X-Token": "docs-token" } });
    expect(skipped).toEqual([{ serverName: "unset", message: expect.stringContaining("NOT_SET_ANYWHERE") }]);
  });
});

describe("prelaunchableServers", () => {
  test("offers the resolvable stdio servers except those that get per-run env", async () => {
    const config = await loaded({ mcpRequestContextServers: ["progress"] });
    expect(prelaunchableServers(config, env).map((spec) => spec.name)).toEqual(["files"]);
  });
});
