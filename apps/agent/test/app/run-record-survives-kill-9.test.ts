import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "../cli/agent-folder.js";
import { CLI_BIN, runCli } from "../cli/run-cli.js";
import { artifactsDirOf } from "./run-record-store.js";

const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * Starts `mono-agent run` on a prompt that makes the demo model call the fixture's `silent` tool (a
 * tool that never answers, so the run stays in the middle of a tool call), and resolves once the
 * checkpoint of reference §4.1 (after 5 s) is whole: the events file holds the tool_use and the summary
 * row counts its events. A checkpoint writes the events first and the summary second, so a kill between
 * the two leaves a summary one checkpoint behind; that window is not what this test is about.
 */
async function runStuckInToolCall(dir: string): Promise<{ child: ChildProcess; runId: string }> {
  const child = spawn(process.execPath, [CLI_BIN, "run", "--json", "stay silent please"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // Up to 60 s: the checkpoint comes after 5 s, but a CLI start on a loaded 2-CPU machine can take many seconds.
  for (let attempt = 0; attempt < 1_200; attempt++) {
    const runId = /"runId":"([^"]+)"/.exec(stdout)?.[1];
    const file = runId ? `${artifactsDirOf(dir)}/run-${runId}.events.jsonl` : undefined;
    if (
      runId &&
      file &&
      existsSync(file) &&
      readFileSync(file, "utf8").includes('"tool_use"') &&
      summaryCountsEvents(dir, runId)
    )
      return { child, runId };
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  throw new Error(`the run never checkpointed its tool call; stdout: ${stdout}; stderr: ${stderr}`);
}

/** Whether the run's summary row has taken in a checkpoint (its event count is past zero). */
function summaryCountsEvents(dir: string, runId: string): boolean {
  let db: Database.Database | undefined;
  try {
    db = new Database(join(artifactsDirOf(dir), "runs.sqlite"), { readonly: true, fileMustExist: true });
    const row = db.prepare("SELECT event_count AS count FROM runs WHERE run_id = ?").get(runId) as
      | { count: number }
      | undefined;
    return (row?.count ?? 0) > 0;
  } catch {
    // Not created yet, or busy: look again on the next turn.
    return false;
  } finally {
    db?.close();
  }
}

function showJson(dir: string, runId: string) {
  const result = runCli(["runs", "show", runId, "--events", "--json"], { cwd: dir });
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe("a run whose process is killed", () => {
  test("kill -9 mid tool call: runs show marks it interrupted/process_death at once, its events stay readable, a live process's run stays running", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const [victim, survivor] = await Promise.all([runStuckInToolCall(dir), runStuckInToolCall(dir)]);
    await new Promise<void>((resolveExit) => {
      victim.child.on("exit", () => resolveExit());
      victim.child.kill("SIGKILL");
    });
    // No later run is needed: reading the runs reconciles the dead owner's run.
    const listed = JSON.parse(runCli(["runs", "list", "--json"], { cwd: dir }).stdout) as {
      runs: { runId: string; status: string }[];
    };
    expect(listed.runs.find((run) => run.runId === victim.runId)?.status).toBe("interrupted");
    expect(listed.runs.find((run) => run.runId === survivor.runId)?.status).toBe("running");

    const killed = showJson(dir, victim.runId);
    expect(killed.run).toMatchObject({ status: "interrupted", failureKind: "process_death" });
    expect(killed.run.endedAt).toBeDefined();
    expect(killed.eventsFile.badLines).toEqual([]);
    expect(killed.eventsFile.totalEvents).toBe(killed.run.eventCount);
    const toolUses = killed.events.flatMap(
      ({ event }: { event: { type: string; message?: { content: { type: string; name?: string }[] } } }) =>
        event.type === "assistant"
          ? (event.message?.content ?? []).filter((block) => block.type === "tool_use")
          : [],
    );
    expect(toolUses.map((block: { name?: string }) => block.name)).toEqual(["mcp__fixture__silent"]);

    expect(survivor.child.exitCode).toBeNull();
    expect(showJson(dir, survivor.runId).run.status).toBe("running");
    const after = JSON.parse(runCli(["runs", "list", "--json"], { cwd: dir }).stdout);
    expect(after.runs.map((run: { status: string }) => run.status).sort()).toEqual([
      "interrupted",
      "running",
    ]);
  }, 120_000);
});
