import { appendFileSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { artifactsDirOf } from "../app/run-record-store.js";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { runCli, runCliInProcess } from "./run-cli.js";

async function listJson(dir: string, ...args: string[]) {
  const result = await runCliInProcess(["runs", "list", "--json", ...args], { cwd: dir });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe("mono-agent runs", () => {
  test("an agent folder without runs says so, in text and as one JSON object", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect((await runCliInProcess(["runs", "list"], { cwd: dir })).stdout).toBe("No runs recorded yet.\n");
    expect(await listJson(dir)).toEqual({ runs: [], count: 0, total: 0 });
  }, 120_000);

  test("list filters by logical conversation, bucket, status and limit; show prints one run", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(
      runCli(["run", "--conversation", "web:t1#2026-01-01", "please echo one"], { cwd: dir }).exitCode,
    ).toBe(0);
    expect(
      runCli(["run", "--conversation", "web:t1#2026-01-02", "please echo two"], { cwd: dir }).exitCode,
    ).toBe(0);
    expect(runCli(["run", "--model", "openai:gpt-4o-mini", "hello"], { cwd: dir }).exitCode).toBe(1);

    const all = await listJson(dir);
    expect(all).toMatchObject({ count: 3, total: 3, hasMore: false });
    expect(all.runs.map((run: { userInput: string }) => run.userInput)).toEqual([
      "hello",
      "please echo two",
      "please echo one",
    ]);
    expect((await listJson(dir, "--conversation", "web:t1")).count).toBe(2);
    expect((await listJson(dir, "--conversation", "web:t1#2026-01-02")).runs[0].userInput).toBe(
      "please echo two",
    );
    expect(
      (await listJson(dir, "--status", "failed")).runs.map((run: { status: string }) => run.status),
    ).toEqual(["failed"]);
    expect(await listJson(dir, "--limit", "1")).toMatchObject({ count: 1, total: 3, hasMore: true });

    const table = (await runCliInProcess(["runs", "list"], { cwd: dir })).stdout;
    expect(table).toMatch(/^RUN ID\s+STATUS\s+STARTED/);
    expect(table).toContain("Showing 3 of 3.");

    const runId = all.runs[1].runId as string;
    const shown = await runCliInProcess(["runs", "show", runId, "--events"], { cwd: dir });
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toContain(`Run ${runId}`);
    expect(shown.stdout).toMatch(/Tools:\s+2 calls, 0 failed/);
    expect(shown.stdout).toMatch(/→ mcp__fixture__echo/);
    expect(shown.stderr).toBe("");
    const json = JSON.parse((await runCliInProcess(["runs", "show", runId, "--json"], { cwd: dir })).stdout);
    expect(json.run).toMatchObject({ runId, status: "succeeded", conversationId: "web:t1#2026-01-02" });
    expect(json.events).toBeUndefined();
    expect(json.eventsFile).toMatchObject({ exists: true, badLines: [], totalEvents: json.run.eventCount });
  }, 120_000);

  test("a corrupt or truncated events file is reported by show and stops neither list nor new runs", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    expect(runCli(["run", "please echo"], { cwd: dir }).exitCode).toBe(0);
    expect(runCli(["run", "please echo again"], { cwd: dir }).exitCode).toBe(0);
    const [newer, older] = (await listJson(dir)).runs.map((run: { runId: string }) => run.runId) as string[];
    const artifactsDir = artifactsDirOf(dir);
    appendFileSync(`${artifactsDir}/run-${newer}.events.jsonl`, '{"type":"assistant","mess');
    writeFileSync(
      `${artifactsDir}/run-${older}.events.jsonl`,
      '{"type":"tool_timing","name":"Read"}\nnot json at all\n\u0000\u0001\n',
    );

    const truncated = await runCliInProcess(["runs", "show", newer!, "--json", "--events"], { cwd: dir });
    expect(truncated.exitCode).toBe(0);
    const truncatedJson = JSON.parse(truncated.stdout);
    const lines = truncatedJson.eventsFile.totalEvents as number;
    expect(truncatedJson.eventsFile.badLines).toEqual([{ line: lines + 1, reason: "truncated final line" }]);
    expect(truncated.stderr).toContain("truncated final line");

    const corrupt = await runCliInProcess(["runs", "show", older!], { cwd: dir });
    expect(corrupt.exitCode).toBe(0);
    expect(corrupt.stdout).toMatch(
      /Events file:\s+1 readable; 2 unreadable: line 2 \(not JSON\), line 3 \(not JSON\)/,
    );
    expect(corrupt.stderr).toContain(`the events file of run ${older} is damaged`);

    expect((await listJson(dir)).count).toBe(2);
    expect(runCli(["run", "please echo once more"], { cwd: dir }).exitCode).toBe(0);
    expect((await listJson(dir)).count).toBe(3);
  }, 120_000);

  test("bad input names what is accepted", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const status = await runCliInProcess(["runs", "list", "--status", "done"], { cwd: dir });
    expect(status.exitCode).toBe(2);
    expect(status.stderr).toContain("running, succeeded, failed, cancelled, interrupted");
    expect((await runCliInProcess(["runs", "list", "--limit", "0"], { cwd: dir })).stderr).toContain(
      "1 to 1000",
    );
    expect((await runCliInProcess(["runs", "show", "../../etc/passwd"], { cwd: dir })).exitCode).toBe(2);
    expect((await runCliInProcess(["runs"], { cwd: dir })).exitCode).toBe(2);
    const unknown = await runCliInProcess(["runs", "show", "no-such-run"], { cwd: dir });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain("mono-agent runs list");
  }, 120_000);
});
