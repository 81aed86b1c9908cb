import { spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import type { RunEvent } from "../../src/app/run/run-events.js";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { CLI_BIN, runCli } from "./run-cli.js";

function events(stdout: string): RunEvent[] {
  return stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as RunEvent);
}

describe("mono-agent run as a process", () => {
  test("a run that succeeds exits 0 and --json gives one parsable event per line", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const result = runCli(["run", "--json", "please echo this"], { cwd: dir });
    expect(result.exitCode).toBe(0);
    const stream = events(result.stdout);
    expect(stream[0]?.type).toBe("run_started");
    expect(stream.at(-1)).toMatchObject({ type: "run_finished", status: "succeeded" });
    const toolNames = stream.flatMap((event) => (event.type === "tool_finished" ? [event.name] : []));
    expect(toolNames).toEqual(["mcp__fixture__echo", "Read"]);
    expect(stream.filter((event) => event.type === "text_delta").length).toBeGreaterThan(1);
  });

  test("text is streamed and tool calls are shown compactly without --json", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const result = runCli(["run", "please echo this"], { cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("▸ mcp__fixture__echo");
    expect(result.stdout).toContain("✓ ok Read");
    expect(result.stdout).toContain("forty-two");
  });

  test("the prompt can come on standard input", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const result = runCli(["run", "--json"], { cwd: dir, input: "please echo from stdin" });
    expect(result.exitCode).toBe(0);
    expect(events(result.stdout).at(-1)).toMatchObject({ status: "succeeded" });
  });

  test("a run that fails exits 1 and says why", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const result = runCli(["run", "--model", "openai:gpt-4o-mini", "hello"], { cwd: dir });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("OPENAI_API_KEY");
  });

  test("no prompt is a usage error (exit 2)", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(runCli(["run"], { cwd: dir }).exitCode).toBe(2);
  });

  test("a second run in the same conversation sees the first", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(runCli(["run", "--conversation", "cli:memo", "first question"], { cwd: dir }).exitCode).toBe(0);
    const second = runCli(["run", "--conversation", "cli:memo", "second question"], { cwd: dir });
    expect(second.stdout).toMatch(/already holds [1-9]\d* earlier messages/);
    const other = runCli(["run", "--conversation", "cli:other", "unrelated"], { cwd: dir });
    expect(other.stdout).not.toMatch(/already holds/);
  }, 120_000); // three CLI runs one after another: 15 s each on a loaded 2-core machine

  test("allowedTools: [] still offers the external MCP tools and withholds Read", () => {
    const dir = makeAgentFolder(fixtureServerConfig({ allowedTools: [] }));
    const result = runCli(["run", "--json", "please echo"], { cwd: dir });
    const started = events(result.stdout).find((event) => event.type === "run_started");
    expect(started?.type === "run_started" && started.tools).toContain("mcp__fixture__echo");
    expect(started?.type === "run_started" && started.tools).not.toContain("Read");
  });

  test("SIGINT during a tool call settles the run as cancelled with exit 130", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const child = spawn(process.execPath, [CLI_BIN, "run", "--json", "stay silent please"], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    const exitCode = await new Promise<number | null>((resolveExit) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('"type":"tool_started"') && !child.killed) child.kill("SIGINT");
      });
      child.on("exit", (code) => resolveExit(code));
    });
    expect(exitCode).toBe(130);
    expect(events(stdout).at(-1)).toMatchObject({ type: "run_finished", status: "cancelled" });
  });
});
