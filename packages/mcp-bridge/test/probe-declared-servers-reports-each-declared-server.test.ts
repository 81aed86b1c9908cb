// probeDeclaredServers connects each declared server as a run would; describeProbedServers and
// mcpConnectLines shape what `mcp list` and `validate --connect` print; oauthLoginLines what validate says
// about logins.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { DeclaredMcpServer } from "@mono-agent/config";
import { describe, expect, it } from "vitest";
import { createMemoryMcpAuthStore } from "../src/index.js";
import { oauthLoginLines } from "../src/node.js";
import { describeProbedServers, mcpConnectLines, probeDeclaredServers } from "../src/probe.js";
import { bridgeOptions, useTempDir } from "./fixtures/bridge-test-kit.js";
import { inMemoryLauncher, inMemorySpec } from "./fixtures/in-memory-launcher.js";

const declare = (name: string, spec: DeclaredMcpServer["spec"]): DeclaredMcpServer => ({
  name,
  spec,
  origin: { file: "/agent/mcp.json", jsonPath: `mcpServers.${name}` },
  declaredIn: "mcp.json",
});

describe("probeDeclaredServers", () => {
  const outputDir = useTempDir();
  const probeAll = () => {
    const { servers: _servers, ...options } = bridgeOptions(outputDir.path, {});
    return probeDeclaredServers({
      declared: [
        declare("fixture", { command: "tools" }),
        declare("off", { command: "tools", enabled: false }),
        declare("docs", { url: "https://mcp.example.test/mcp", oauth: {} }),
      ],
      specs: [inMemorySpec("fixture")],
      skipped: [{ serverName: "docs", message: 'variable "DOCS_TOKEN" is not set' }],
      options: { ...options, stdio: inMemoryLauncher(), auth: { store: createMemoryMcpAuthStore() } },
    });
  };

  it("connects the prepared server and reports the disabled and the unprepared ones without starting them", async () => {
    const [fixture, off, docs] = await probeAll();
    expect(fixture).toMatchObject({
      name: "fixture",
      file: "/agent/mcp.json",
      jsonPath: "mcpServers.fixture",
      status: "connected",
      transport: "stdio",
      auth: { kind: "none" },
    });
    expect(fixture?.tools.map((tool) => tool.name)).toContain("mcp__fixture__echo");
    expect(off).toMatchObject({ status: "disabled", durationMs: 0, tools: [], prompts: [] });
    expect(docs).toMatchObject({
      status: "failed",
      transport: "auto",
      errorCode: "env_reference_missing",
      error: 'variable "DOCS_TOKEN" is not set',
      auth: { kind: "not_logged_in", text: "not logged in" },
    });
  });

  it("describes each server with its login state and reason, then the count of failures", async () => {
    const lines = describeProbedServers(await probeAll(), { detail: true });
    expect(lines[0]).toMatch(
      /^fixture: connected in \d+ ms \(stdio, \d+ tools\), declared in \/agent\/mcp\.json at mcpServers\.fixture$/,
    );
    expect(lines).toContain("    Returns its text.");
    expect(lines).toContain(
      "off: disabled (enabled: false) (stdio), declared in /agent/mcp.json at mcpServers.off",
    );
    expect(lines).toContain("  login: not logged in");
    expect(lines).toContain('  env_reference_missing: variable "DOCS_TOKEN" is not set');
    expect(lines.slice(-2)).toEqual([
      "",
      "1 connected, 1 failed: a run skips a failed server and goes on without its tools.",
    ]);
    expect(describeProbedServers([], { detail: false })[0]).toContain("No MCP servers declared");
  });

  it("gives validate --connect one finding per server, an error naming the fix for a failure", async () => {
    const lines = mcpConnectLines(await probeAll());
    expect(lines.map((line) => line.status)).toEqual(["ok", "disabled", "error", "ok"]);
    expect(lines[0]?.message).toMatch(
      /^MCP server fixture: connected in \d+ ms \(stdio, MCP 2025-11-25\), \d+ tools: mcp__fixture__/,
    );
    expect(lines[3]?.message).toMatch(/sampling declined \(mono-agent does not lend the run's model/);
    expect(lines[2]).toMatchObject({
      code: "env_reference_missing",
      file: "/agent/mcp.json",
      jsonPath: "mcpServers.docs",
      suggestion: "run `mono-agent mcp get docs` for details; a run skips this server",
    });
    expect(mcpConnectLines([])).toEqual([{ status: "ok", message: "No MCP servers declared." }]);
  });
});

describe("oauthLoginLines", () => {
  const folder = useTempDir();
  const servers = [
    declare("files", { command: "node" }),
    declare("docs", { url: "https://mcp.example.test/mcp", oauth: {} }),
    declare("plain", { url: "https://plain.example.test/mcp" }),
    declare("machine", { url: "https://m.example.test/mcp", oauth: { grant: "client_credentials" } }),
  ] as DeclaredMcpServer[];

  it("warns for an OAuth server without a login and passes client credentials; others are not listed", () => {
    const lines = oauthLoginLines(servers, join(folder.path, "mcp-auth.json"));
    expect(lines).toEqual([
      {
        status: "warning",
        code: "mcp_login_required",
        file: "/agent/mcp.json",
        jsonPath: "mcpServers.docs",
        message: "MCP server docs: OAuth, not logged in; every run skips it until a login is kept",
        suggestion: "run `mono-agent mcp login docs` (or `mono-agent run --login`)",
      },
      { status: "ok", message: "MCP server machine: OAuth client credentials" },
    ]);
  });

  it("an unreadable token file is one warning that names the file and the fix", () => {
    const file = join(folder.path, "broken-auth.json");
    writeFileSync(file, "not json", { mode: 0o600 });
    const [line, ...rest] = oauthLoginLines(servers, file);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ status: "warning", code: "mcp_auth_store_unreadable" });
    expect(line?.message).toContain(file);
  });
});
