import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConfigIssue,
  diagnoseMonoAgentConfig,
  loadMonoAgentConfig,
  MonoAgentConfigError,
  parseEnvFile,
} from "../src/index.js";

/** No issue message is a stack trace, echoes a huge input, or is anything but a sentence. */
function expectCleanIssues(issues: readonly ConfigIssue[]): void {
  for (const issue of issues) {
    expect(issue.message).not.toMatch(/\n\s+at /);
    expect(issue.message.length).toBeLessThan(4_000);
  }
}

/** Loads and diagnoses; the only throw allowed is a MonoAgentConfigError. */
async function loadBoth(options: Parameters<typeof loadMonoAgentConfig>[0]): Promise<void> {
  try {
    await loadMonoAgentConfig(options);
  } catch (error) {
    if (!MonoAgentConfigError.isInstance(error)) throw error;
    expect(error.message).not.toMatch(/\n\s+at /);
  }
  const { loaded, issues } = await diagnoseMonoAgentConfig(options);
  expect(loaded !== undefined || issues.some((issue) => issue.severity === "error")).toBe(true);
  expectCleanIssues(issues);
}

/** JSON text that hostile hands write: valid JSON, truncated JSON, deep nesting, reserved keys, big strings. */
const hostileJsonText = (shaped: fc.Arbitrary<unknown>) =>
  fc.oneof(
    fc.string({ maxLength: 400 }),
    shaped.map((value) => JSON.stringify(value)),
    fc.tuple(shaped, fc.nat()).map(([value, cut]) => {
      const text = JSON.stringify(value) ?? "";
      return text.slice(0, cut % (text.length + 1));
    }),
    fc.integer({ min: 1, max: 5_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`),
    fc
      .constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty")
      .map((key) => `{"tools":{"mcpServers":{"${key}":{"command":"x"}}},"${key}":{}}`),
    fc
      .integer({ min: 1, max: 200_000 })
      .map((length) => JSON.stringify({ runtime: { model: `a:${"x".repeat(length)}` } })),
  );

const configShaped = fc.record(
  {
    runtime: fc.record(
      { model: fc.oneof(fc.string(), fc.jsonValue()), workspace: fc.jsonValue() },
      { requiredKeys: [] },
    ),
    tools: fc.record(
      {
        allowedTools: fc.jsonValue(),
        mcpServers: fc.dictionary(fc.string({ maxLength: 60 }), fc.jsonValue()),
        mcpConfigPath: fc.oneof(fc.string(), fc.constantFrom("/dev/zero", "/dev/null", "/etc", "mcp.json")),
      },
      { requiredKeys: [] },
    ),
    memory: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const mcpShaped = fc.record({
  mcpServers: fc.dictionary(
    fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom("__proto__", "constructor", "a__b", "mono-agent-x"),
    ),
    fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          command: fc.jsonValue(),
          args: fc.jsonValue(),
          env: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.record({ $env: fc.string() }))),
          url: fc.oneof(fc.webUrl(), fc.string()),
          headers: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    ),
  ),
});

describe("the config parsers under fuzzing: typed errors only, no stack traces, no hangs, bounded messages", () => {
  it("mono-agent.config.json text (1,000 cases)", async () => {
    const agentDir = await mkdtemp(join(tmpdir(), "mono-agent-config-fuzz-"));
    await fc.assert(
      fc.asyncProperty(hostileJsonText(configShaped), async (text) => {
        await writeFile(join(agentDir, "mono-agent.config.json"), text);
        await loadBoth({ cwd: agentDir, env: {} });
      }),
      { numRuns: 1_000 },
    );
  }, 180_000);

  it("mcp.json text (1,000 cases)", async () => {
    const agentDir = await mkdtemp(join(tmpdir(), "mono-agent-mcp-fuzz-"));
    await fc.assert(
      fc.asyncProperty(hostileJsonText(mcpShaped), async (text) => {
        await writeFile(join(agentDir, "mcp.json"), text);
        await loadBoth({ cwd: agentDir, config: { tools: { mcpConfigPath: "mcp.json" } }, env: {} });
      }),
      { numRuns: 1_000 },
    );
  }, 180_000);

  it("inline configs and env overrides (2,000 cases)", async () => {
    const env = fc.dictionary(
      fc.constantFrom(
        "MONO_AGENT_MODEL",
        "MONO_AGENT_ALLOWED_TOOLS",
        "MONO_AGENT_MCP_CONFIG_PATH",
        "MONO_AGENT_MCP_CALL_TIMEOUT_MS",
        "MONO_AGENT_WORKSPACE",
        "MONO_AGENT_MEMORY_PATH",
      ),
      fc.oneof(fc.string(), fc.constantFrom("\u0000", "/dev/zero", "*", "", "1e400")),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(configShaped, fc.jsonValue()), env, async (config, variables) => {
        await loadBoth({ cwd: "/nonexistent-agent", config, env: variables });
      }),
      { numRuns: 2_000 },
    );
  }, 180_000);

  it("env file text (5,000 cases): own string entries only, valid names", () => {
    const line = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc
        .tuple(
          fc.constantFrom("", "export ", "  "),
          fc.oneof(
            fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/),
            fc.constantFrom("__proto__", "constructor"),
          ),
          fc.constantFrom("=", " = ", "="),
          fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('"', "'", "`", '"\\', "a #c", '"x\\"y"')),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 60 }), fc.constantFrom("\n", "\r\n", "\r"), (lines, eol) => {
        const entries = parseEnvFile(lines.join(eol));
        expect(Object.getPrototypeOf(entries)).toBe(Object.prototype);
        for (const [name, value] of Object.entries(entries)) {
          expect(name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
          expect(typeof value).toBe("string");
        }
      }),
      { numRuns: 5_000 },
    );
  });
});
