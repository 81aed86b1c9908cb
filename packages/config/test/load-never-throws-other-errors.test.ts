import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diagnoseMonoAgentConfig, loadMonoAgentConfig, MonoAgentConfigError } from "../src/index.js";

/** Config-shaped JSON: known keys with arbitrary values, so the generator reaches deep into the schema. */
const configShaped = fc.record(
  {
    runtime: fc.oneof(fc.jsonValue(), fc.record({ workspace: fc.jsonValue(), model: fc.jsonValue() })),
    tools: fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          mcpConfigPath: fc.jsonValue(),
          allowedTools: fc.jsonValue(),
          mcpServers: fc.dictionary(fc.string(), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    ),
    memory: fc.jsonValue(),
    continuations: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const anyEnv = fc.dictionary(
  fc.constantFrom(
    "MONO_AGENT_ALLOWED_TOOLS",
    "MONO_AGENT_MCP_CALL_TIMEOUT_MS",
    "MONO_AGENT_MEMORY_MODE",
    "MONO_AGENT_WORKSPACE",
  ),
  fc.string(),
);

async function outcome(run: () => Promise<unknown>): Promise<"ok" | "config-error"> {
  try {
    await run();
    return "ok";
  } catch (error) {
    if (MonoAgentConfigError.isInstance(error)) return "config-error";
    throw error;
  }
}

describe("any JSON value", () => {
  it("as an inline config gives a result or a MonoAgentConfigError, and diagnose never throws", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), configShaped), anyEnv, async (config, env) => {
        const options = { config, cwd: "/agent", env };
        expect(await outcome(() => loadMonoAgentConfig(options))).toMatch(/ok|config-error/);
        const { loaded, issues } = await diagnoseMonoAgentConfig(options);
        expect(loaded !== undefined || issues.some((issue) => issue.severity === "error")).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("as mcp.json content gives a result or a MonoAgentConfigError, and diagnose never throws", async () => {
    const agentDir = await mkdtemp(join(tmpdir(), "mono-agent-config-property-"));
    const mcpContent = fc.oneof(
      fc.jsonValue(),
      fc.record({
        mcpServers: fc.dictionary(
          fc.string(),
          fc.oneof(
            fc.jsonValue(),
            fc.record({ command: fc.jsonValue(), url: fc.jsonValue() }, { requiredKeys: [] }),
          ),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(mcpContent, async (content) => {
        await writeFile(join(agentDir, "mcp.json"), JSON.stringify(content));
        const options = { config: { tools: { mcpConfigPath: "mcp.json" } }, cwd: agentDir, env: {} };
        expect(await outcome(() => loadMonoAgentConfig(options))).toMatch(/ok|config-error/);
        await diagnoseMonoAgentConfig(options);
      }),
      { numRuns: 200 },
    );
  });

  it("as config file text (any string) never throws anything but a MonoAgentConfigError", async () => {
    const agentDir = await mkdtemp(join(tmpdir(), "mono-agent-config-property-"));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.json()), async (text) => {
        await writeFile(join(agentDir, "mono-agent.config.json"), text);
        expect(await outcome(() => loadMonoAgentConfig({ cwd: agentDir, env: {} }))).toMatch(
          /ok|config-error/,
        );
      }),
      { numRuns: 200 },
    );
  });
});
