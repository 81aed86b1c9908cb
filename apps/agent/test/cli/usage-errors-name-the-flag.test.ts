import { describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli, runCliInProcess } from "./run-cli.js";

describe("usage errors (exit 2)", () => {
  test("a single-value flag given twice is refused for every command, not silently the last one", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const cases: [flag: string, args: string[]][] = [
      ["--config", ["validate", "--config", "a.json", "--config", "b.json"]],
      ["--model", ["run", "--model", "demo:demo", "--model=demo:other", "hi"]],
      ["--limit", ["runs", "list", "--limit", "1", "--limit", "2"]],
      ["--config", ["conversations", "reset", "--json", "cli:a", "--config", "a.json", "--config", "b.json"]],
      ["--port", ["serve", "--port", "0", "--port", "1"]],
    ];
    for (const [flag, args] of cases) {
      const result = await runCliInProcess(args, { cwd: dir });
      expect(result.exitCode, `${args.join(" ")}: ${result.stderr}`).toBe(2);
      expect(result.stderr).toContain(`${flag} is given more than once; pass it once\nusage: mono-agent`);
    }
  });

  test("a misspelt flag names the one meant", async () => {
    const run = await runCliInProcess(["run", "--modle", "demo:demo", "hi"]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("Unknown option '--modle'. Did you mean --model?");
    const validate = await runCliInProcess(["validate", "--conect"]);
    expect(validate.stderr).toContain("Did you mean --connect?");
    expect((await runCliInProcess(["validate", "--zzz"])).stderr).not.toContain("Did you mean");
  });

  test("a repeated boolean or a repeatable flag is still accepted", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect((await runCliInProcess(["validate", "--json", "--json"], { cwd: dir })).exitCode).toBe(0);
    const attach = runCli(["run", "--attach", "README.md", "--attach", "README.md", "hi"], { cwd: dir });
    expect(attach.exitCode, attach.stderr).toBe(0);
  }, 120_000);

  test("run --conversation that is not <channel>:<id> is a usage error, as for conversations reset", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const result = await runCliInProcess(["run", "--conversation", "bad id", "hi"], { cwd: dir });
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toContain('Conversation id "bad id" is not accepted: use "<channel>:<id>"');
    expect((await runCliInProcess(["runs", "list", "--json"], { cwd: dir })).stdout).toContain('"total":0');
  });

  test("mcp-example refuses a stray argument and a workspace that is not a folder", async () => {
    const stray = await runCliInProcess(["mcp-example", "extra"]);
    expect(stray.exitCode).toBe(2);
    expect(stray.stderr).toContain('unexpected argument "extra"');
    const missing = await runCliInProcess(["mcp-example", "--workspace", "/nonexistent/agent"]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain(
      "--workspace /nonexistent/agent is not a folder; pass an existing folder",
    );
  });
});
