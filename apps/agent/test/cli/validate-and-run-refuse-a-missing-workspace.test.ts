import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface Line {
  status: string;
  message: string;
  code?: string;
  suggestion?: string;
}

function configLines(
  dir: string,
  env: Record<string, string> = {},
): { exitCode: number | null; lines: Line[] } {
  const result = runCli(["validate", "--json"], { cwd: dir, env });
  const report = JSON.parse(result.stdout) as { sections: { id: string; lines: Line[] }[] };
  return { exitCode: result.exitCode, lines: report.sections.find((s) => s.id === "config")!.lines };
}

describe("a workspace that is not a folder", () => {
  test("validate reports a missing one as an error naming the key to fix (it said ok; every run failed)", () => {
    const dir = makeAgentFolder({ runtime: { model: "demo:demo", workspace: "./work" } });
    const { exitCode, lines } = configLines(dir);
    expect(exitCode).toBe(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        status: "error",
        code: "workspace_unavailable",
        message: `Workspace ${dir}/work does not exist; every run fails until it is a folder`,
        suggestion:
          "create the folder, or set runtime.workspace to an existing folder (relative to the agent folder)",
      }),
    );
    const fromEnv = configLines(dir, { MONO_AGENT_WORKSPACE: "elsewhere" });
    expect(fromEnv.lines.find((line) => line.code === "workspace_unavailable")?.suggestion).toContain(
      "set MONO_AGENT_WORKSPACE",
    );
  });

  test("a file as the workspace fails validate and the run (the run used to go on)", () => {
    const dir = makeAgentFolder({ runtime: { model: "demo:demo", workspace: "README.md" } });
    expect(configLines(dir).lines).toContainEqual(
      expect.objectContaining({
        code: "workspace_unavailable",
        message: expect.stringContaining("is a file, not a folder"),
      }),
    );
    const run = runCli(["run", "hello"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toContain("(workspace_unavailable)");
    expect(`${run.stdout}${run.stderr}`).toContain("it is a file, not a directory");
  }, 120_000);
});
