import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { RunEvent } from "../../src/app/run/run-events.js";
import { makeAgentFolder } from "../cli/agent-folder.js";
import { runCli } from "../cli/run-cli.js";
import { contextServer } from "../fixtures/mcp-env/context-kit.js";

function contextAgent(): string {
  return makeAgentFolder({
    runtime: { model: "demo:demo" },
    tools: { mcpRequestContextServers: ["ctx"], mcpServers: { ctx: contextServer([]) } },
  });
}

describe("mono-agent run with a request-context server", () => {
  test("progress posted during a tool call is shown live and is a progress event in --json", () => {
    const dir = contextAgent();
    const human = runCli(["run", "please report progress"], { cwd: dir });
    expect(human.exitCode).toBe(0);
    expect(human.stdout).toContain("▸ mcp__ctx__progress");
    expect(human.stdout).toContain("… fixture-task: please report progress");
    expect(human.stdout.indexOf("fixture-task")).toBeLessThan(
      human.stdout.indexOf("✓ ok mcp__ctx__progress"),
    );

    const json = runCli(["run", "--json", "please report progress"], { cwd: dir });
    const events = json.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RunEvent);
    expect(events).toContainEqual({
      type: "progress",
      key: "fixture-task",
      message: "please report progress",
      state: "working",
    });
  });

  test("--attach stages the file and the server reads it through the identity helper", () => {
    const dir = contextAgent();
    writeFileSync(join(dir, "notes.txt"), "attached words");
    const result = runCli(["run", "--attach", "notes.txt", "list attachments"], { cwd: dir });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /> ok \/\S+\/attachments\/cli_default-[0-9a-f]{16}\/\S+\/notes\.txt attached words/,
    );
  });

  test("--attach of a missing file is a usage error naming it", () => {
    const dir = contextAgent();
    const result = runCli(["run", "--attach", "nope.txt", "list attachments"], { cwd: dir });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("--attach nope.txt: no such file");
  });
});
