// `mono-agent mcp import` reads VS Code's and Cursor's mcp.json as they are written (comments, trailing
// commas), and one bad file found by discovery is reported while the others are still imported.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MonoAgentConfigError } from "../src/index.js";
import { findMcpImportSources, mcpImportLines, mcpImportReport, planMcpImport } from "../src/mcp-import.js";

let agent: string;
let home: string;

beforeEach(() => {
  agent = mkdtempSync(join(tmpdir(), "mcp-import-jsonc-agent-"));
  home = mkdtempSync(join(tmpdir(), "mcp-import-jsonc-home-"));
});
afterEach(() => {
  rmSync(agent, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const plan = (file?: string) =>
  planMcpImport({
    sources: findMcpImportSources({ cwd: agent, home, ...(file !== undefined ? { file } : {}) }),
    cwd: agent,
    home,
    importEnv: {},
    configFile: "mono-agent.config.json",
  });

const VSCODE_MCP_JSON = `{
  // MCP servers of this workspace (VS Code writes comments and trailing commas)
  "servers": {
    /* the files server */
    "files": {
      "type": "stdio",
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "."], // read-only would be nicer
    },
  },
}
`;

describe("mcp import reads JSON with comments", () => {
  test("a VS Code mcp.json with comments and trailing commas is imported", () => {
    mkdirSync(join(agent, ".vscode"));
    writeFileSync(join(agent, ".vscode", "mcp.json"), VSCODE_MCP_JSON);
    const planned = plan();
    expect(planned.skipped).toEqual([]);
    expect(planned.sources).toEqual([
      { file: join(agent, ".vscode", "mcp.json"), host: "vscode", servers: ["files"] },
    ]);
    expect(planned.document.mcpServers["files"]).toMatchObject({
      command: "npx",
      args: ["-y", "@modelcontextprotocol/server-filesystem", "."],
    });
  });

  test("a Cursor mcp.json with a trailing comma is imported", () => {
    mkdirSync(join(home, ".cursor"));
    writeFileSync(
      join(home, ".cursor", "mcp.json"),
      '{ "mcpServers": { "memory": { "command": "npx", "args": ["-y", "memory"], }, }, }',
    );
    expect(plan().servers).toEqual(["memory"]);
  });

  test("one broken file found by discovery is reported; the others are still imported", () => {
    writeFileSync(join(agent, ".mcp.json"), '{ "mcpServers": { "broken": { "command": "x" } ');
    mkdirSync(join(agent, ".vscode"));
    writeFileSync(join(agent, ".vscode", "mcp.json"), VSCODE_MCP_JSON);
    mkdirSync(join(home, ".cursor"));
    writeFileSync(join(home, ".cursor", "mcp.json"), '{ "mcpServers": { "memory": { "command": "npx" } } }');
    const planned = plan();
    expect(planned.servers).toEqual(["files", "memory"]);
    expect(planned.sources.map((entry) => entry.file)).toEqual([
      join(agent, ".vscode", "mcp.json"),
      join(home, ".cursor", "mcp.json"),
    ]);
    expect(planned.skipped).toEqual([
      {
        file: join(agent, ".mcp.json"),
        message: expect.stringMatching(
          /\.mcp\.json is not valid JSON or JSON with comments \(CloseBraceExpected at line 1, column \d+\); fix it in its host first$/,
        ),
      },
    ]);
    const lines = mcpImportLines(planned, { cwd: agent, dryRun: true });
    expect(lines).toContain(`skipped ${join(agent, ".mcp.json")}: ${planned.skipped[0]?.message}`);
    expect(mcpImportReport(planned, { dryRun: true }).skipped).toEqual(planned.skipped);
  });

  test("an unreadable file is skipped the same way", () => {
    mkdirSync(join(agent, ".mcp.json"));
    mkdirSync(join(home, ".cursor"));
    writeFileSync(join(home, ".cursor", "mcp.json"), '{ "mcpServers": { "memory": { "command": "npx" } } }');
    const planned = plan();
    expect(planned.servers).toEqual(["memory"]);
    expect(planned.skipped[0]?.message).toMatch(/\.mcp\.json is a folder, not a regular file/);
  });

  test("when no file can be read the import fails with that file's error", () => {
    writeFileSync(join(agent, "host.json"), "// only a comment\n");
    try {
      plan("host.json");
      expect.unreachable("an empty file cannot be imported");
    } catch (error) {
      expect(MonoAgentConfigError.isInstance(error) && error.code).toBe("mcp_config_invalid");
      expect((error as Error).message).toMatch(/host\.json is empty; an MCP config is a JSON object/);
    }
  });

  test("the mcp.json written into stays strict JSON: comments there are refused, nothing is lost silently", () => {
    writeFileSync(join(agent, ".mcp.json"), '{ "mcpServers": { "memory": { "command": "npx" } } }');
    writeFileSync(join(agent, "mcp.json"), '{ // ours\n "mcpServers": {} }');
    expect(() => plan()).toThrow(/mcp\.json is not valid JSON \(.*\); fix it first$/);
  });
});
