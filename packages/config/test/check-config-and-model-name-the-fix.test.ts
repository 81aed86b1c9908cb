import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkConfig, checkModel, configIssueLine, isMcpConfigIssue } from "../src/check.js";
import { loadMonoAgentConfig } from "../src/index.js";

async function loadIn(config: Record<string, unknown>, cwd = tempDir("config-check-")) {
  return loadMonoAgentConfig({ config, cwd, env: {} });
}

describe("checkConfig", () => {
  it("names the config, the workspace and the artifacts folder", async () => {
    const cwd = tempDir("config-check-");
    mkdirSync(join(cwd, "work"));
    const loaded = await loadIn({ runtime: { workspace: "work" } }, cwd);
    expect(checkConfig(loaded, [], { maxInstructionsBytes: 1000 })).toEqual([
      { status: "ok", message: "Config file: (inline config)" },
      { status: "ok", message: `Workspace: ${loaded.workspaceDir}` },
      { status: "ok", message: `Artifacts: ${loaded.artifactsDir}` },
    ]);
  });

  it("is an error for a missing workspace and for instructions over the host's limit", async () => {
    const cwd = tempDir("config-check-");
    writeFileSync(join(cwd, "AGENTS.md"), "x".repeat(20));
    const loaded = await loadIn({ runtime: { workspace: "gone", instructions: "AGENTS.md" } }, cwd);
    const lines = checkConfig(loaded, [], { maxInstructionsBytes: 10 });
    expect(lines[1]).toMatchObject({
      status: "error",
      code: "workspace_unavailable",
      jsonPath: "runtime.workspace",
    });
    expect(lines).toContainEqual(
      expect.objectContaining({ code: "instructions_unreadable", jsonPath: "runtime.instructions" }),
    );
  });

  it("turns issues into findings and leaves the MCP ones to the Tools & MCP findings", () => {
    const issues = [
      {
        severity: "warning",
        code: "unknown_key",
        message: "runtime.modle is not a setting",
        jsonPath: "runtime.modle",
      },
      { severity: "error", code: "mcp_config_missing", message: "mcp.json is missing" },
    ] as const;
    expect(isMcpConfigIssue(issues[1])).toBe(true);
    expect(isMcpConfigIssue(issues[0])).toBe(false);
    expect(checkConfig(undefined, issues, { maxInstructionsBytes: 10 })).toEqual([
      configIssueLine(issues[0]),
    ]);
    expect(
      configIssueLine({ severity: "error", code: "x", message: "bad value", expected: "a number" }),
    ).toEqual({
      status: "error",
      code: "x",
      message: "bad value Accepted: a number.",
    });
  });
});

describe("checkModel", () => {
  it("knows the demo model and a pi-ai provider", async () => {
    expect(checkModel(await loadIn({ runtime: { model: "demo:demo" } }), {})[0]?.message).toMatch(
      /offline demo model/,
    );
    expect(checkModel(await loadIn({ runtime: { model: "openai:gpt-4o-mini" } }), {})[0]?.message).toMatch(
      /pi-ai provider "openai"/,
    );
  });

  it("is an error for a reference without a model id (a loaded config the host changed)", async () => {
    const loaded = await loadIn({});
    const changed = {
      ...loaded,
      config: { ...loaded.config, runtime: { ...loaded.config.runtime, model: "openai:" } },
    };
    expect(checkModel(changed, {})).toEqual([
      expect.objectContaining({ status: "error", code: "invalid_model_ref" }),
    ]);
  });

  it("warns when an OpenAI-compatible provider's key variable is not set", async () => {
    const loaded = await loadIn({
      runtime: { model: "local:llama" },
      models: { providers: { local: { baseUrl: "http://127.0.0.1:11434/v1", apiKeyEnv: "LOCAL_KEY" } } },
    });
    expect(checkModel(loaded, {})[1]).toMatchObject({ status: "warning", code: "missing_api_key" });
    expect(checkModel(loaded, { LOCAL_KEY: "k" })).toHaveLength(1);
  });
});
