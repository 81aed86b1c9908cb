import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface ValidateJson {
  ok: boolean;
  sections: {
    id: string;
    lines: { status: string; message: string; code?: string; suggestion?: string }[];
  }[];
}

function historyLines(dir: string) {
  const result = runCli(["validate", "--json"], { cwd: dir });
  const report = JSON.parse(result.stdout) as ValidateJson;
  return {
    exitCode: result.exitCode,
    ok: report.ok,
    lines: report.sections.find((s) => s.id === "history")!.lines,
  };
}

describe("the conversation store in validate and run", () => {
  test("a stored conversation is counted in the History section", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(runCli(["run", "please echo one"], { cwd: dir }).exitCode).toBe(0);
    const { lines, exitCode } = historyLines(dir);
    expect(exitCode).toBe(0);
    expect(lines.at(-1)?.message).toMatch(/^Conversations: 1 stored, in .*conversations\.sqlite\.$/);
  }, 120_000);

  test("a damaged store is a validate error with the fix, and run names the same fix and keeps the file", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const store = join(dir, ".mono-agent", "conversations.sqlite");
    mkdirSync(join(dir, ".mono-agent"));
    writeFileSync(store, "garbage, not a database\n".repeat(200));

    const { lines, exitCode, ok } = historyLines(dir);
    expect(exitCode).toBe(1);
    expect(ok).toBe(false);
    expect(lines.at(-1)).toMatchObject({
      status: "error",
      code: "conversation_store_unreadable",
      suggestion: expect.stringContaining(`move ${store} aside`),
    });

    const run = runCli(["run", "hello"], { cwd: dir });
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).toContain(`Move ${store} aside and the next run starts a new store`);
    expect(readFileSync(store, "utf8")).toContain("garbage, not a database");
  }, 120_000);

  test("a file where the .mono-agent folder belongs is a validate error naming it", () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    writeFileSync(join(dir, ".mono-agent"), "not a folder\n");
    const { lines, exitCode } = historyLines(dir);
    expect(exitCode).toBe(1);
    expect(lines.at(-1)).toMatchObject({
      status: "error",
      code: "state_folder_not_a_folder",
      suggestion: `move ${join(dir, ".mono-agent")} aside; the next run creates the folder`,
    });
  });
});
