import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import {
  checkContinuationServers,
  checkMcpServers,
  checkRequestContextServers,
  checkStdioCommands,
} from "../src/check.js";

async function loadServers(mcpServers: Record<string, unknown>, cwd = tempDir("mcp-check-")) {
  return loadMonoAgentConfig({ config: { tools: { mcpServers } }, cwd, env: {} });
}

describe("checkStdioCommands", () => {
  it("is silent for a command on PATH and an error for one that cannot start", async () => {
    const cwd = tempDir("mcp-check-");
    const bin = join(cwd, "tool");
    writeFileSync(bin, "#!/bin/sh\n");
    chmodSync(bin, 0o755);
    const loaded = await loadServers(
      { ok: { command: "tool" }, gone: { command: "no-such-tool-here" } },
      cwd,
    );
    const lines = checkStdioCommands(loaded.mcpServers, { PATH: cwd }, loaded.workspaceDir);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      status: "error",
      code: "mcp_command_not_found",
      message: expect.stringMatching(
        /^MCP server gone: command "no-such-tool-here" cannot be started: it is not on the PATH/,
      ),
    });
  });
});

describe("checkRequestContextServers and checkContinuationServers", () => {
  it("name an undeclared server and a request-context server that is not stdio", async () => {
    const loaded = await loadServers({ web: { type: "http", url: "https://example.invalid/mcp" } });
    expect(checkRequestContextServers(["missing", "web"], loaded.mcpServers)).toEqual([
      expect.objectContaining({ status: "error", code: "unknown_server" }),
      expect.objectContaining({ status: "error", code: "not_stdio" }),
    ]);
    expect(checkContinuationServers(["bad name"], loaded.mcpServers)).toEqual([
      expect.objectContaining({ status: "error", code: "invalid_server_name" }),
    ]);
  });
});

describe("checkMcpServers", () => {
  it("gives a line per declared server and warns of an unset $env variable", async () => {
    const loaded = await loadServers({ one: { command: "node", env: { TOKEN: { $env: "ONE_TOKEN" } } } });
    const lines = checkMcpServers(loaded.mcpServers, {});
    expect(lines[0]?.status).toBe("ok");
    expect(lines[0]?.message).toMatch(/^MCP server one: /);
    expect(lines[1]).toMatchObject({ status: "warning", code: "env_reference_missing" });
    expect(checkMcpServers(loaded.mcpServers, { ONE_TOKEN: "t" })).toHaveLength(1);
  });

  it("says a disabled server is disabled and checks nothing else of it", async () => {
    const loaded = await loadServers({
      off: { command: "node", enabled: false, env: { T: { $env: "UNSET_T" } } },
    });
    expect(checkMcpServers(loaded.mcpServers, {})).toEqual([
      expect.objectContaining({ status: "disabled", message: expect.stringMatching(/\(enabled: false\)$/) }),
    ]);
  });
});
