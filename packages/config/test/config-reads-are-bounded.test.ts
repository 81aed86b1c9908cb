import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONFIG_FILE_MAX_BYTES,
  CONFIG_MAX_NESTING_DEPTH,
  type ConfigIssue,
  diagnoseMonoAgentConfig,
  readBoundedFile,
  readBoundedFileSync,
} from "../src/index.js";
import { makeAgentFolder } from "./support/agent-folder.js";

const MODEL = { runtime: { model: "demo:demo" } };

async function issuesOf(options: Parameters<typeof diagnoseMonoAgentConfig>[0]): Promise<ConfigIssue[]> {
  const diagnosis = await diagnoseMonoAgentConfig(options);
  return diagnosis.issues.filter((issue) => issue.severity === "error");
}

function mkfifo(path: string): void {
  execFileSync("mkfifo", [path]);
}

describe("every file the config loader reads is bounded", () => {
  it("/dev/zero as --config is refused at once as a device, naming the path", async () => {
    const agentDir = await makeAgentFolder({});
    const [issue] = await issuesOf({ cwd: agentDir, configPath: "/dev/zero", env: {} });
    expect(issue).toMatchObject({ code: "config_unreadable", file: "/dev/zero" });
    expect(issue?.message).toContain("the config file /dev/zero is a device, not a regular file");
    expect(issue?.message).toContain(`at most ${CONFIG_FILE_MAX_BYTES} bytes`);
  });

  it("a FIFO as the config (no writer) is refused without hanging", async () => {
    const agentDir = await makeAgentFolder({});
    mkfifo(join(agentDir, "mono-agent.config.json"));
    const [issue] = await issuesOf({ cwd: agentDir, env: {} });
    expect(issue?.code).toBe("config_unreadable");
    expect(issue?.message).toContain("is a named pipe (FIFO), not a regular file");
  });

  it("/dev/zero, a FIFO or a folder as tools.mcpConfigPath is refused naming the key", async () => {
    const agentDir = await makeAgentFolder({ "mcp-folder/x": "" });
    mkfifo(join(agentDir, "mcp.fifo"));
    for (const [path, kind] of [
      ["/dev/zero", "a device"],
      ["./mcp.fifo", "a named pipe (FIFO)"],
      ["./mcp-folder", "a folder"],
    ] as const) {
      const [issue] = await issuesOf({
        cwd: agentDir,
        config: { ...MODEL, tools: { mcpConfigPath: path } },
        env: {},
      });
      expect(issue?.code, path).toBe("mcp_config_unreadable");
      expect(issue?.message, path).toMatch(
        new RegExp(`^tools\\.mcpConfigPath \\S+ is ${kind.replace(/[()]/g, "\\$&")}`),
      );
    }
  });

  it("a config file over the size cap is refused naming the cap", async () => {
    const agentDir = await makeAgentFolder({});
    await writeFile(join(agentDir, "mono-agent.config.json"), `{${" ".repeat(CONFIG_FILE_MAX_BYTES)}}`);
    const [issue] = await issuesOf({ cwd: agentDir, env: {} });
    expect(issue?.code).toBe("config_unreadable");
    expect(issue?.message).toContain(`over the ${CONFIG_FILE_MAX_BYTES}-byte limit`);
  });

  it("allowedTools nested 20,000 deep is refused at once with the nesting cap (it took 41 s)", async () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json": `{"runtime":{"model":"demo:demo"},"tools":{"allowedTools":${deep}}}`,
      "mcp.json": `{"mcpServers":{"a":{"command":"x","args":${deep}}}}`,
    });
    const [fileIssue] = await issuesOf({ cwd: agentDir, env: {} });
    expect(fileIssue?.code).toBe("config_invalid_json");
    expect(fileIssue?.message).toContain(
      `nests arrays and objects more than ${CONFIG_MAX_NESTING_DEPTH} levels deep at line 1, column`,
    );
    const [mcpIssue] = await issuesOf({
      cwd: agentDir,
      config: { ...MODEL, tools: { mcpConfigPath: "./mcp.json" } },
      env: {},
    });
    expect(mcpIssue?.code).toBe("mcp_config_invalid");
    let inline: unknown = [];
    for (let level = 0; level < 20_000; level++) inline = [inline];
    const [inlineIssue] = await issuesOf({
      cwd: agentDir,
      config: { ...MODEL, tools: { allowedTools: inline } },
      env: {},
    });
    expect(inlineIssue?.code).toBe("config_invalid");
    expect(inlineIssue?.message).toContain(`more than ${CONFIG_MAX_NESTING_DEPTH} levels deep`);
  });

  it("reads a regular file and /dev/null (an empty env file), sync and async", async () => {
    const agentDir = await makeAgentFolder({ ".env": "A=1\n" });
    expect(readBoundedFileSync("/dev/null", 10)).toEqual({ status: "read", bytes: Buffer.alloc(0) });
    expect((await readBoundedFile(join(agentDir, ".env"), 10)).status).toBe("read");
    expect(readBoundedFileSync(join(agentDir, ".env"), 3)).toEqual({
      status: "refused",
      problem: "4 bytes, over the 3-byte limit",
    });
    expect(readBoundedFileSync(join(agentDir, "missing"), 3)).toEqual({ status: "missing" });
    expect(readBoundedFileSync("/dev/zero", 3)).toMatchObject({ status: "refused" });
  });
});

describe("validate and run agree on every value", () => {
  it.each([
    ["NUL", "ollama:llama\u00003"],
    ["invalid UTF-8 (U+FFFD)", Buffer.from([0x6f, 0x3a, 0xc3, 0x28]).toString("utf8")],
    ["a lone surrogate", "ollama:\ud800x"],
    ["5 MB", `ollama:${"x".repeat(5_000_000)}`],
    ["a control character", "ollama:llama\u001b[2J"],
  ])(
    "runtime.model holding %s is a config error, and the message does not echo it",
    async (_label, model) => {
      const agentDir = await makeAgentFolder({});
      const [issue] = await issuesOf({ cwd: agentDir, config: { runtime: { model } }, env: {} });
      expect(issue).toMatchObject({ code: "config_invalid", jsonPath: "runtime.model" });
      expect(issue?.message.length).toBeLessThan(600);
      const fromEnv = await issuesOf({ cwd: agentDir, config: {}, env: { MONO_AGENT_MODEL: model } });
      expect(["config_invalid", "invalid_env_value"]).toContain(fromEnv[0]?.code);
      expect(fromEnv[0]?.message.length).toBeLessThan(600);
    },
  );

  it.each(["__proto__", "constructor", "prototype"])(
    "an MCP server named %s is invalid_server_name (it disappeared), in mcp.json and inline",
    async (name) => {
      const spec = `{${JSON.stringify(name)}:{"command":"node"}}`;
      const agentDir = await makeAgentFolder({
        "mono-agent.config.json": `{"runtime":{"model":"demo:demo"},"tools":{"mcpServers":${spec}}}`,
        "mcp.json": `{"mcpServers":${spec}}`,
      });
      const [inline] = await issuesOf({ cwd: agentDir, env: {} });
      expect(inline).toMatchObject({ code: "invalid_server_name", jsonPath: `tools.mcpServers.${name}` });
      const [file] = await issuesOf({
        cwd: agentDir,
        config: { ...MODEL, tools: { mcpConfigPath: "./mcp.json" } },
        env: {},
      });
      expect(file).toMatchObject({ code: "invalid_server_name", jsonPath: `mcpServers.${name}` });
    },
  );

  it("a __proto__ key anywhere else is refused instead of vanishing", async () => {
    const agentDir = await makeAgentFolder({
      "mono-agent.config.json":
        '{"runtime":{"model":"demo:demo"},"tools":{"mcpServers":{"a":{"command":"x","env":{"__proto__":"y"}}}}}',
    });
    const [issue] = await issuesOf({ cwd: agentDir, env: {} });
    expect(issue).toMatchObject({ code: "config_invalid", jsonPath: "tools.mcpServers.a.env.__proto__" });
  });
});
