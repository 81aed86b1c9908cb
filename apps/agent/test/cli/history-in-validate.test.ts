import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface Section {
  id: string;
  status: string;
  lines: { status: string; message: string; code?: string }[];
}

function historySection(dir: string): Section {
  const result = runCli(["validate", "--json"], { cwd: dir });
  return (JSON.parse(result.stdout) as { sections: Section[] }).sections.find(
    (section) => section.id === "history",
  ) as Section;
}

describe("validate: the history section", () => {
  test("says whether the policy offers RunHistory and SessionHistory, and what the sidecar holds", () => {
    expect(historySection(makeAgentFolder(fixtureServerConfig())).lines.map((line) => line.message)).toEqual([
      "RunHistory: offered (summaries and events of this conversation's past runs).",
      "SessionHistory: offered; no tool calls recorded yet.",
    ]);
    const denied = makeAgentFolder(
      fixtureServerConfig({ disallowedTools: ["RunHistory", "SessionHistory"] }),
    );
    expect(historySection(denied).lines.map((line) => line.message)).toEqual([
      "RunHistory: not offered (the tool policy leaves it out); runs are still recorded.",
      "SessionHistory: not offered (the tool policy leaves it out); no tool calls recorded yet.",
    ]);
  });

  test("counts recorded tool calls after a run, and reports a damaged store as an error", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const run = runCli(["run", "please echo hello"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    const [, session] = historySection(dir).lines;
    expect(session?.message).toMatch(
      /^SessionHistory: offered; [1-9]\d* tool call\(s\) recorded in 1 conversation\(s\), in /,
    );

    const damaged = makeAgentFolder(fixtureServerConfig());
    const folder = join(damaged, ".mono-agent", "history", "tool-history");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "tool-lifecycles.sqlite"), "not a database");
    const section = historySection(damaged);
    expect(section.status).toBe("error");
    expect(section.lines[1]).toMatchObject({ status: "error", code: "session_history_unreadable" });
  });
});
