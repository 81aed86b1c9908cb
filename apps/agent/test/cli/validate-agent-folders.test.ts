import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FIXTURE_AGENTS, runCli } from "./run-cli.js";

interface JsonReport {
  ok: boolean;
  sections: {
    id: string;
    status: string;
    lines: { status: string; message: string; code?: string; suggestion?: string }[];
  }[];
}

function validate(folder: string, extra: string[] = []) {
  const configPath = join(FIXTURE_AGENTS, folder, "mono-agent.config.json");
  const human = runCli(["validate", "--config", configPath, ...extra]);
  const json = runCli(["validate", "--config", configPath, "--json", ...extra]);
  const report = JSON.parse(json.stdout) as JsonReport;
  const tools = report.sections.find((entry) => entry.id === "tools");
  return { human, json, report, tools };
}

describe("mono-agent validate against fixture agent folders", () => {
  test("a valid folder prints the absolute MCP config path and exits 0", () => {
    const { human, json, report } = validate("valid");
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(`MCP config: ${join(FIXTURE_AGENTS, "valid", "mcp.json")}`);
    expect(json.exitCode).toBe(0);
    expect(report.ok).toBe(true);
  });

  test("a missing mcp.json is the warning `MCP config file is missing: <path>` with exit 0", () => {
    const { human, report, tools } = validate("missing-mcp");
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(
      `MCP config file is missing: ${join(FIXTURE_AGENTS, "missing-mcp", "mcp.json")}`,
    );
    expect(report.ok).toBe(true);
    expect(tools?.status).toBe("warning");
  });

  test("a malformed mcp.json is an error with exit 1", () => {
    const { human, json, report, tools } = validate("malformed-mcp");
    expect(human.exitCode).toBe(1);
    expect(json.exitCode).toBe(1);
    expect(report.ok).toBe(false);
    expect(tools?.status).toBe("error");
    expect(tools?.lines.some((line) => line.code === "mcp_config_invalid")).toBe(true);
  });

  test("a request-context server that is HTTP is an error naming it", () => {
    const { human, tools } = validate("http-request-context");
    expect(human.exitCode).toBe(1);
    const line = tools?.lines.find((entry) => entry.code === "not_stdio");
    expect(line?.message).toContain('"web-api"');
    expect(human.stdout).toContain("web-api");
  });

  test("a continuation server with a remote URL is an error; a loopback HTTP one is fine", () => {
    const { human, tools } = validate("remote-continuation");
    expect(human.exitCode).toBe(1);
    const errors = tools?.lines.filter((entry) => entry.code === "unsupported_continuation_server") ?? [];
    expect(errors.map((entry) => entry.message).join()).toContain('"work-control"');
    expect(errors.map((entry) => entry.message).join()).not.toContain('"local-http"');
  });

  test("allowedTools: [] with an MCP server declared warns naming the tools still offered", () => {
    const { human, tools } = validate("empty-allowlist");
    expect(human.exitCode).toBe(0);
    const line = tools?.lines.find((entry) => entry.code === "no_tools_allowed");
    expect(line?.status).toBe("warning");
    expect(line?.message).toContain("files");
  });

  test("a literal Authorization: Bearer header warns and suggests $env", () => {
    const { human, tools } = validate("literal-bearer");
    expect(human.exitCode).toBe(0);
    const line = tools?.lines.find((entry) => entry.code === "literal_credential");
    expect(line?.status).toBe("warning");
    expect(`${line?.message} ${line?.suggestion}`).toContain("$env");
  });

  test("an unknown config key is an error with a suggestion", () => {
    const { human, report } = validate("unknown-key");
    expect(human.exitCode).toBe(1);
    const config = report.sections.find((entry) => entry.id === "config");
    const line = config?.lines.find((entry) => entry.code === "unknown_key");
    expect(`${line?.message} ${line?.suggestion}`).toContain("mcpConfigPath");
    // The place (file at tools.mcpConfigPth) is said once in the human output, not again in parentheses.
    const place = `${join(FIXTURE_AGENTS, "unknown-key", "mono-agent.config.json")} at tools.mcpConfigPth`;
    expect(human.stdout.split(place).length - 1).toBe(1);
  });

  test("a workspace in a subfolder resolves a relative mcpConfigPath inside the workspace", () => {
    const { human, report } = validate("workspace-subfolder");
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain(
      `MCP config: ${join(FIXTURE_AGENTS, "workspace-subfolder", "work", "mcp.json")}`,
    );
    expect(JSON.stringify(report)).toContain("inside");
    expect(JSON.stringify(report)).not.toContain("beside-config-should-not-be-read");
  });

  test("--json prints exactly one JSON object, also when there is no config file", () => {
    const missing = runCli(["validate", "--json"], { cwd: join(FIXTURE_AGENTS, "..") });
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ ok: false });
  });

  test("usage errors exit 2", () => {
    expect(runCli(["validate", "--no-such-flag"]).exitCode).toBe(2);
    expect(runCli(["no-such-command"]).exitCode).toBe(2);
    expect(runCli(["validate", "extra-positional"]).exitCode).toBe(2);
  });

  test("--env-file fills unset variables and never overrides an exported one", () => {
    const dir = mkdtempSync(join(tmpdir(), "validate-env-"));
    writeFileSync(join(dir, "mono-agent.config.json"), "{}");
    writeFileSync(join(dir, "vars.env"), "MONO_AGENT_MODEL=ollama:from-file\n");
    const fromFile = runCli(["validate", "--json", "--env-file", "vars.env"], { cwd: dir });
    expect(fromFile.stdout).toContain("ollama:from-file");
    const exported = runCli(["validate", "--json", "--env-file", "vars.env"], {
      cwd: dir,
      env: { MONO_AGENT_MODEL: "demo:demo" },
    });
    expect(exported.stdout).not.toContain("from-file");
    expect(exported.stdout).toContain("demo:demo");
  });
});
