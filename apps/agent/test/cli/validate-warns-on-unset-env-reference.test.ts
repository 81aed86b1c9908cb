import { describe, expect, test } from "vitest";
import { makeAgentFolder, STDIO_FIXTURE } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface ToolsLine {
  status: string;
  message: string;
  code?: string;
  suggestion?: string;
}

function toolsLines(dir: string, env: Record<string, string> = {}) {
  const result = runCli(["validate", "--json"], { cwd: dir, env });
  const report = JSON.parse(result.stdout) as { sections: { id: string; lines: ToolsLine[] }[] };
  return { exitCode: result.exitCode, lines: report.sections.find((s) => s.id === "tools")!.lines };
}

const config = {
  runtime: { model: "demo:demo" },
  tools: {
    mcpServers: {
      fixture: {
        command: process.execPath,
        args: [STDIO_FIXTURE],
        env: { FIXTURE_TOKEN: { $env: "FIXTURE_TOKEN_FROM_HOST" } },
      },
      remote: { url: "http://127.0.0.1:9/mcp", headers: { Authorization: { $env: "REMOTE_BEARER" } } },
      off: { command: "node", enabled: false, env: { X: { $env: "NEVER_SET" } } },
    },
  },
};

describe('validate: { "$env": NAME } of an unset variable', () => {
  test("warns per entry with the fix (each run would skip the server), not for a disabled server", () => {
    const { exitCode, lines } = toolsLines(makeAgentFolder(config));
    expect(exitCode).toBe(0);
    const warnings = lines.filter((line) => line.code === "env_reference_missing");
    expect(warnings.map((line) => line.message)).toEqual([
      'MCP server fixture: env entry "FIXTURE_TOKEN" reads the environment variable FIXTURE_TOKEN_FROM_HOST, which is not set; every run skips this server until it is',
      'MCP server remote: headers entry "Authorization" reads the environment variable REMOTE_BEARER, which is not set; every run skips this server until it is',
    ]);
    expect(warnings[0]).toMatchObject({
      status: "warning",
      suggestion: "export FIXTURE_TOKEN_FROM_HOST or add it to the .env file",
    });
  });

  test("says nothing once the variables come from the environment or the agent folder's .env", () => {
    const dir = makeAgentFolder(config, { ".env": "REMOTE_BEARER=from-dotenv\n" });
    const { lines } = toolsLines(dir, { FIXTURE_TOKEN_FROM_HOST: "exported" });
    expect(lines.filter((line) => line.code === "env_reference_missing")).toEqual([]);
  });
});
