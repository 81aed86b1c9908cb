// findMcpImportSources, planMcpImport, writeMcpImport and mcpImportLines: what `mono-agent mcp import`
// reads, merges, writes and reports, on real files in a temp folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { MonoAgentConfigError } from "../src/index.js";
import {
  findMcpImportSources,
  mcpImportLines,
  mcpImportReport,
  planMcpImport,
  writeMcpImport,
} from "../src/mcp-import.js";

let agent: string;
let home: string;
const CONFIG_FILE = "mono-agent.config.json";

beforeEach(() => {
  agent = mkdtempSync(join(tmpdir(), "mcp-import-agent-"));
  home = mkdtempSync(join(tmpdir(), "mcp-import-home-"));
});
afterEach(() => {
  rmSync(agent, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

const write = (file: string, value: unknown) => writeFileSync(file, JSON.stringify(value));
const plan = (extra: { force?: boolean } = {}) =>
  planMcpImport({
    sources: findMcpImportSources({ cwd: agent, home }),
    cwd: agent,
    home,
    importEnv: {},
    configFile: CONFIG_FILE,
    ...extra,
  });

describe("mcp import", () => {
  test("finds the workspace's and home's host files; none is an error naming where it looked", () => {
    expect(() => findMcpImportSources({ cwd: agent, home })).toThrow(/found no MCP config to import/);
    try {
      findMcpImportSources({ cwd: agent, home });
    } catch (error) {
      expect(MonoAgentConfigError.isInstance(error) && error.code).toBe("mcp_config_missing");
      expect((error as Error).message).toContain(join(home, ".claude.json"));
    }
    write(join(agent, ".mcp.json"), { mcpServers: {} });
    mkdirSync(join(home, ".cursor"));
    write(join(home, ".cursor", "mcp.json"), { mcpServers: {} });
    expect(findMcpImportSources({ cwd: agent, home })).toEqual([
      { file: join(agent, ".mcp.json"), host: "claude-code" },
      { file: join(home, ".cursor", "mcp.json"), host: "cursor" },
    ]);
    expect(findMcpImportSources({ cwd: agent, home, from: "cursor" })).toHaveLength(1);
    expect(findMcpImportSources({ cwd: agent, home, file: "x.json" })).toEqual([
      { file: join(agent, "x.json") },
    ]);
  });

  test("keeps the output's servers unless forced, and the first declaration of a name", () => {
    write(join(agent, ".mcp.json"), { mcpServers: { files: { command: "npx" }, kept: { command: "new" } } });
    mkdirSync(join(home, ".cursor"));
    write(join(home, ".cursor", "mcp.json"), { mcpServers: { files: { command: "other" } } });
    write(join(agent, "mcp.json"), { $schema: "./s.json", mcpServers: { kept: { command: "old" } } });
    const kept = plan();
    expect(kept.output).toBe(join(agent, "mcp.json"));
    expect(kept.servers).toEqual(["files", "kept"]);
    expect(kept.document).toEqual({
      $schema: "./s.json",
      mcpServers: { kept: { command: "old" }, files: { command: "npx" } },
    });
    expect(kept.notes).toContainEqual({
      server: "files",
      kind: "dropped",
      message: `also declared in ${join(home, ".cursor", "mcp.json")}: the first one found is kept`,
    });
    expect(
      kept.notes.some((note) => note.server === "kept" && /--force replaces it/.test(note.message)),
    ).toBe(true);
    expect(plan({ force: true }).document.mcpServers["kept"]).toEqual({ command: "new" });
  });

  test("writes to tools.mcpConfigPath of the agent config, or says how to make runs read ./mcp.json", () => {
    write(join(agent, ".mcp.json"), { mcpServers: { files: { command: "npx" } } });
    write(join(agent, CONFIG_FILE), {});
    expect(plan().notes.at(-1)).toEqual({
      kind: "action",
      message: `${CONFIG_FILE} sets no tools.mcpConfigPath: add "tools": { "mcpConfigPath": "./mcp.json" } so runs read it`,
    });
    write(join(agent, CONFIG_FILE), { tools: { mcpConfigPath: "./servers.json" } });
    const planned = plan();
    expect(planned.output).toBe(join(agent, "servers.json"));
    writeMcpImport(planned);
    expect(JSON.parse(readFileSync(planned.output, "utf8"))).toEqual(planned.document);
    expect(statSync(planned.output).mode & 0o777).toBe(0o600);
    expect(mcpImportLines(planned, { cwd: agent, dryRun: false })).toEqual([
      `read ${join(agent, ".mcp.json")} (claude-code): files`,
      "wrote servers.json with 1 server(s).",
      "Next: mono-agent validate --connect",
    ]);
    expect(mcpImportReport(planned, { dryRun: true })).toEqual({
      ok: true,
      output: planned.output,
      written: false,
      sources: [{ file: join(agent, ".mcp.json"), host: "claude-code", servers: ["files"] }],
      skipped: [],
      servers: ["files"],
      notes: [],
    });
    expect(mcpImportLines(planned, { cwd: agent, dryRun: true })[1]).toBe(
      "would write servers.json with 1 server(s).",
    );
  });

  test("a file that is not JSON names the fix", () => {
    writeFileSync(join(agent, ".mcp.json"), "{ nope");
    expect(() => plan()).toThrow(
      /\.mcp\.json is not valid JSON or JSON with comments \(\w+ at line 1, column \d+\); fix it in its host first$/,
    );
  });
});
