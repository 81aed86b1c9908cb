import { describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

describe("usage errors (exit 2)", () => {
  test("a single-value flag given twice is refused for every command, not silently the last one", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const cases: [flag: string, args: string[]][] = [
      ["--config", ["validate", "--config", "a.json", "--config", "b.json"]],
      ["--model", ["run", "--model", "demo:demo", "--model=demo:other", "hi"]],
      ["--limit", ["runs", "list", "--limit", "1", "--limit", "2"]],
      ["--config", ["conversations", "reset", "--json", "cli:a", "--config", "a.json", "--config", "b.json"]],
      ["--port", ["serve", "--port", "0", "--port", "1"]],
    ];
    for (const [flag, args] of cases) {
      const result = runCli(args, { cwd: dir });
      expect(result.exitCode, `${args.join(" ")}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(`${flag} is given more than once; pass it once\nusage: mono-agent`);
    }
  });

  test("a misspelt flag names the one meant", () => {
    const run = runCli(["run", "--modle", "demo:demo", "hi"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("Unknown option '--modle'. Did you mean --model?");
    const validate = runCli(["validate", "--conect"]);
    expect(validate.stderr).toContain("Did you mean --connect?");
    expect(runCli(["validate", "--zzz"]).stderr).not.toContain("Did you mean");
  });

  test("a repeated boolean or a repeatable flag is still accepted", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(runCli(["validate", "--json", "--json"], { cwd: dir }).exitCode).toBe(0);
    const attach = runCli(["run", "--attach", "README.md", "--attach", "README.md", "hi"], { cwd: dir });
    expect(attach.exitCode, attach.stderr).toBe(0);
  }, 120_000);

  test("run --conversation that is not <channel>:<id> is a usage error, as for conversations reset", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const result = runCli(["run", "--conversation", "bad id", "hi"], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain('Conversation id "bad id" is not accepted: use "<channel>:<id>"');
    expect(runCli(["runs", "list", "--json"], { cwd: dir }).stdout).toContain('"total":0');
  });

  test("mcp-example refuses a stray argument and a workspace that is not a folder", () => {
    const stray = runCli(["mcp-example", "extra"]);
    expect(stray.exitCode).toBe(2);
    expect(stray.stderr).toContain('unexpected argument "extra"');
    const missing = runCli(["mcp-example", "--workspace", "/nonexistent/agent"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      "--workspace /nonexistent/agent is not a folder; pass an existing folder",
    );
  });
});
