import { execFile, execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { CLI_BIN } from "./run-cli.js";

const MODEL = { runtime: { model: "demo:demo" } };

/** Runs the CLI as its shebang does (`node -- bin …`: Node itself must not read a hostile --env-file). */
function cli(args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ exitCode: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--", CLI_BIN, ...args],
      {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PI_OFFLINE: "1", ...env },
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({ exitCode: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

const fifoIn = (dir: string) => {
  const path = join(dir, "hostile.fifo");
  execFileSync("mkfifo", [path]);
  return path;
};

const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;

interface HostileCase {
  label: string;
  args: (dir: string) => string[];
  config?: Record<string, unknown> | string;
  files?: Record<string, string>;
  env?: Record<string, string>;
  exitCode: number;
  says: RegExp;
  json?: boolean;
}

const CASES: HostileCase[] = [
  {
    label: "validate --json, memory.path /etc/passwd",
    args: () => ["validate", "--json"],
    config: { ...MODEL, memory: { path: "/etc/passwd" } },
    exitCode: 1,
    says: /memory\.path \/etc\/passwd is a file, not a folder/,
    json: true,
  },
  {
    label: "validate, memory.path /etc/passwd",
    args: () => ["validate"],
    config: { ...MODEL, memory: { path: "/etc/passwd" } },
    exitCode: 1,
    says: /memory\.path \/etc\/passwd is a file, not a folder/,
  },
  {
    label: "memory stats, memory.path /etc/passwd",
    args: () => ["memory", "stats"],
    config: { ...MODEL, memory: { path: "/etc/passwd" } },
    exitCode: 1,
    says: /memory\.path \/etc\/passwd is a file, not a folder; set memory\.path to a folder/,
  },
  {
    label: "validate --json --config /dev/zero",
    args: () => ["validate", "--json", "--config", "/dev/zero"],
    exitCode: 1,
    says: /the config file \/dev\/zero is a device, not a regular file/,
    json: true,
  },
  {
    label: "run --config /dev/zero",
    args: () => ["run", "--config", "/dev/zero", "hi"],
    exitCode: 1,
    says: /the config file \/dev\/zero is a device/,
  },
  {
    label: "validate --env-file /dev/zero",
    args: () => ["validate", "--env-file", "/dev/zero"],
    config: MODEL,
    exitCode: 2,
    says: /--env-file \/dev\/zero is a device, not a regular file/,
  },
  {
    label: "validate --json --env-file <FIFO>",
    args: (dir) => ["validate", "--json", "--env-file", fifoIn(dir)],
    config: MODEL,
    exitCode: 2,
    says: /is a named pipe \(FIFO\), not a regular file/,
    json: true,
  },
  {
    label: "run --env-file <FIFO>",
    args: (dir) => ["run", "--env-file", fifoIn(dir), "hi"],
    config: MODEL,
    exitCode: 2,
    says: /is a named pipe \(FIFO\)/,
  },
  {
    label: "validate, tools.mcpConfigPath /dev/zero",
    args: () => ["validate"],
    config: { ...MODEL, tools: { mcpConfigPath: "/dev/zero" } },
    exitCode: 1,
    says: /tools\.mcpConfigPath \/dev\/zero is a device/,
  },
  {
    label: "validate, runtime.instructions /dev/zero",
    args: () => ["validate"],
    config: { runtime: { model: "demo:demo", instructions: "/dev/zero" } },
    exitCode: 1,
    says: /runtime\.instructions \/dev\/zero is a device/,
  },
  {
    label: "run, runtime.instructions /dev/zero",
    args: () => ["run", "hi"],
    config: { runtime: { model: "demo:demo", instructions: "/dev/zero" } },
    exitCode: 1,
    says: /runtime\.instructions \/dev\/zero is a device/,
  },
  {
    label: "validate, artifacts.dir /etc/passwd",
    args: () => ["validate"],
    config: { ...MODEL, artifacts: { dir: "/etc/passwd" } },
    exitCode: 1,
    says: /artifacts\.dir \/etc\/passwd is a file, not a folder/,
  },
  {
    label: "validate, allowedTools nested 20,000 deep",
    args: () => ["validate"],
    config: `{"runtime":{"model":"demo:demo"},"tools":{"allowedTools":${deep}}}`,
    exitCode: 1,
    says: /nests arrays and objects more than 64 levels deep/,
  },
  {
    label: "run, a 100 KB MONO_AGENT_MODEL",
    args: () => ["run", "hi"],
    config: {},
    env: { MONO_AGENT_MODEL: `ollama:${"x".repeat(100_000)}` },
    exitCode: 1,
    says: /MONO_AGENT_MODEL/,
  },
  {
    label: "validate, runtime.model with a control character",
    args: () => ["validate"],
    config: { runtime: { model: "ollama:llama\u001b[2J" } },
    exitCode: 1,
    says: /runtime\.model/,
  },
  {
    label: "validate, an MCP server named __proto__",
    args: () => ["validate"],
    config: `{"runtime":{"model":"demo:demo"},"tools":{"mcpServers":{"__proto__":{"command":"node"}}}}`,
    exitCode: 1,
    says: /server name "__proto__" is a name JavaScript objects reserve/,
  },
  {
    label: "runs show, a path as the run id",
    args: () => ["runs", "show", "../../etc/passwd"],
    config: MODEL,
    exitCode: 2,
    says: /run/i,
  },
  {
    label: "conversations reset, a control character in the id",
    args: () => ["conversations", "reset", "cli:\u001b[2J"],
    config: MODEL,
    exitCode: 2,
    says: /conversation/i,
  },
  {
    label: "memory show, a date that does not exist",
    args: () => ["memory", "show", "2024-13-45"],
    config: { ...MODEL, memory: { path: "./memory" } },
    exitCode: 2,
    says: /date/i,
  },
  {
    label: "continuations retry, an id that is a path",
    args: () => ["continuations", "retry", "../../x"],
    config: { ...MODEL, continuations: { port: 45_999 } },
    exitCode: 1,
    says: /continuation/i,
  },
  {
    label: "serve --port, not a number",
    args: () => ["serve", "--port", "80; rm -rf /"],
    config: MODEL,
    exitCode: 2,
    says: /is not a port/,
  },
];

describe("no CLI command shows a stack trace for hostile input", () => {
  it.each(CASES)("$label", async (testCase) => {
    const dir =
      testCase.config === undefined
        ? makeAgentFolder(MODEL)
        : typeof testCase.config === "string"
          ? makeAgentFolder({}, { "mono-agent.config.json": testCase.config })
          : makeAgentFolder(testCase.config, testCase.files);
    const result = await cli(testCase.args(dir), dir, testCase.env);
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+/);
    expect(output).not.toContain("unexpected error");
    expect(output.length).toBeLessThan(20_000);
    expect(result.exitCode).toBe(testCase.exitCode);
    expect(output).toMatch(testCase.says);
    if (testCase.json) {
      const lines = result.stdout.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ ok: false });
    }
  });

  it("validate --json prints exactly one JSON object, with code internal_error, when a check fails unexpectedly", async () => {
    const { validateCommand } = await import("../../src/cli/validate/validate-command.js");
    let stdout = "";
    let stderr = "";
    const dir = makeAgentFolder(MODEL);
    // A failure no check foresees (here: an environment getter that throws) still gives one JSON object.
    const io = {
      stdout: {
        write: (text: string) => {
          stdout += text;
          return true;
        },
      },
      stderr: {
        write: (text: string) => {
          stderr += text;
          return true;
        },
      },
      stdin: process.stdin,
      get env(): Record<string, string> {
        throw new Error("the environment could not be read");
      },
      cwd: dir,
    } as unknown as Parameters<typeof validateCommand>[1];
    const exitCode = await validateCommand(["--json"], io);
    expect(exitCode).toBe(1);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(stdout)).toEqual({
      ok: false,
      sections: [],
      error: { code: "internal_error", message: "unexpected error: the environment could not be read" },
    });
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
