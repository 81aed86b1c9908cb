import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig, MonoAgentConfigError } from "../src/index.js";

const cwd = "/agents/demo";

async function loadInline(config: unknown, env: Record<string, string>) {
  return loadMonoAgentConfig({ config, cwd, env });
}

async function loadError(config: unknown, env: Record<string, string>): Promise<MonoAgentConfigError> {
  const error = await loadInline(config, env).catch((caught: unknown) => caught);
  if (!MonoAgentConfigError.isInstance(error))
    throw new Error(`expected a MonoAgentConfigError, got ${String(error)}`);
  return error;
}

describe("env overrides", () => {
  it("MONO_AGENT_MCP_CONFIG_PATH beats tools.mcpConfigPath and is recorded as the source", async () => {
    const config = { tools: { mcpConfigPath: "./from-json.json" } };
    const loaded = await loadInline(config, { MONO_AGENT_MCP_CONFIG_PATH: "./from-env.json" });
    expect(loaded.config.tools.mcpConfigPath).toBe("./from-env.json");
    expect(loaded.mcp).toEqual({ configPath: "/agents/demo/from-env.json", status: "missing" });
    expect(loaded.sources["tools.mcpConfigPath"]).toBe("env");
    const fromJson = await loadInline(config, {});
    expect(fromJson.sources["tools.mcpConfigPath"]).toBe("json");
    expect(fromJson.sources["runtime.model"]).toBe("default");
  });

  it("MONO_AGENT_ALLOWED_TOOLS: unset keeps allow-all, * is allow-all, empty string is an explicit []", async () => {
    const json = { tools: { allowedTools: ["Read"] } };
    expect((await loadInline({}, {})).config.tools.allowedTools).toBeUndefined();
    expect((await loadInline(json, {})).config.tools.allowedTools).toEqual(["Read"]);
    expect((await loadInline(json, { MONO_AGENT_ALLOWED_TOOLS: "*" })).config.tools.allowedTools).toEqual([
      "*",
    ]);
    const chatOnly = await loadInline(json, { MONO_AGENT_ALLOWED_TOOLS: "" });
    expect(chatOnly.config.tools.allowedTools).toEqual([]);
    expect(chatOnly.sources["tools.allowedTools"]).toBe("env");
    const list = await loadInline({}, { MONO_AGENT_ALLOWED_TOOLS: " Read, Grep ,,Bash " });
    expect(list.config.tools.allowedTools).toEqual(["Read", "Grep", "Bash"]);
  });

  it("splits comma lists for request-context and continuation servers, trimming and dropping empty items", async () => {
    const loaded = await loadInline(
      { tools: { mcpRequestContextServers: ["json-only"] } },
      {
        MONO_AGENT_MCP_REQUEST_CONTEXT_SERVERS: "transcribe, files,",
        MONO_AGENT_CONTINUATION_SERVERS: " work-control ",
      },
    );
    expect(loaded.config.tools.mcpRequestContextServers).toEqual(["transcribe", "files"]);
    expect(loaded.config.tools.continuationServers).toEqual(["work-control"]);
    expect(loaded.sources["tools.continuationServers"]).toBe("env");
  });

  it("an empty assignment counts as unset for every variable but MONO_AGENT_ALLOWED_TOOLS", async () => {
    const loaded = await loadInline(
      { runtime: { model: "ollama:llama3.2" } },
      { MONO_AGENT_MODEL: "", MONO_AGENT_MCP_CALL_TIMEOUT_MS: "", MONO_AGENT_EXECUTION_MODE: "" },
    );
    expect(loaded.config.runtime.model).toBe("ollama:llama3.2");
    expect(loaded.sources["runtime.model"]).toBe("json");
  });

  it("reads typed values: integers, booleans, memory and bridge settings", async () => {
    const loaded = await loadInline(
      {},
      {
        MONO_AGENT_MCP_CALL_TIMEOUT_MS: "5000",
        MONO_AGENT_ARTIFACT_RETENTION_DRY_RUN: "true",
        MONO_AGENT_PROGRESS_ENABLED: "false",
        MONO_AGENT_MEMORY_PATH: "./memory",
        MONO_AGENT_MEMORY_REMEMBER_TOOL_ENABLED: "0",
        MONO_AGENT_INTERACTION_BRIDGE_PORT: "4400",
        MONO_AGENT_SESSION_ROLLOVER: "daily",
      },
    );
    expect(loaded.config.tools.mcpCallTimeoutMs).toBe(5000);
    expect(loaded.config.artifacts.retention.dryRun).toBe(true);
    expect(loaded.config.interaction.progress.enabled).toBe(false);
    expect(loaded.config.memory).toEqual({
      backend: "bujo",
      path: "./memory",
      mode: "lite",
      writeMode: "disabled",
      maxBytes: 64000,
      recallTool: { enabled: true },
      rememberTool: { enabled: false },
    });
    expect(loaded.memoryDir).toBe("/agents/demo/memory");
    expect(loaded.config.interaction.bridge.port).toBe(4400);
    expect(loaded.config.runtime.session.rollover).toBe("daily");
  });

  it("a non-integer timeout is an invalid_env_value error naming the variable and the accepted form", async () => {
    const error = await loadError({}, { MONO_AGENT_MCP_CALL_TIMEOUT_MS: "2m" });
    expect(error.code).toBe("invalid_env_value");
    expect(error.message).toContain("MONO_AGENT_MCP_CALL_TIMEOUT_MS");
    expect(error.message).toContain("a whole number in decimal digits");
    expect(error.jsonPath).toBe("tools.mcpCallTimeoutMs");
  });

  it("an env value outside the schema's range or enum names the variable", async () => {
    const tooOld = await loadError({}, { MONO_AGENT_ARTIFACT_RETENTION_MAX_AGE_DAYS: "99999" });
    expect(tooOld.code).toBe("invalid_env_value");
    expect(tooOld.message).toContain("MONO_AGENT_ARTIFACT_RETENTION_MAX_AGE_DAYS");
    expect(tooOld.message).toContain("an integer from 1 to 3650");
    const rollover = await loadError({}, { MONO_AGENT_SESSION_ROLLOVER: "weekly" });
    expect(rollover.message).toContain('one of "none", "daily"');
  });

  it("memory variables without a memory block are an error naming the fix", async () => {
    const error = await loadError({}, { MONO_AGENT_MEMORY_MAX_BYTES: "1000" });
    expect(error.code).toBe("invalid_env_value");
    expect(error.message).toContain("MONO_AGENT_MEMORY_PATH");
  });

  it.each([
    "MONO_AGENT_EXECUTION_MODE",
    "MONO_AGENT_FALLBACK_MODELS",
    "MONO_AGENT_ROUTE_SAFETY",
    "MONO_AGENT_MEMORY_LLM_EXECUTION_MODE",
  ])("retired variable %s fails the load naming it", async (variable) => {
    const error = await loadError({}, { [variable]: "anything" });
    expect(error.code).toBe("retired_env_var");
    expect(error.message).toContain(variable);
    expect(error.message).toContain("remove it");
  });

  it("diagnose gathers every env problem at once", async () => {
    const { loaded, issues } = await diagnoseMonoAgentConfig({
      config: {},
      cwd,
      env: {
        MONO_AGENT_ROUTE_SAFETY: "on",
        MONO_AGENT_MCP_CALL_TIMEOUT_MS: "soon",
        MONO_AGENT_PROGRESS_ENABLED: "nah",
      },
    });
    expect(loaded).toBeUndefined();
    expect(issues.map((issue) => issue.code)).toEqual([
      "retired_env_var",
      "invalid_env_value",
      "invalid_env_value",
    ]);
  });
});
