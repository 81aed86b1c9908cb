import { spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import type { RunEvent as CliRunEvent } from "../../src/app/run/run-events.js";
import { fixtureServerConfig, makeAgentFolder } from "../cli/agent-folder.js";
import { CLI_BIN, runCli } from "../cli/run-cli.js";
import { recordedRuns } from "./run-record-store.js";

function cliEvents(stdout: string): CliRunEvent[] {
  return stdout
    .trim()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as CliRunEvent);
}

async function runUntilToolStartsThenSigint(dir: string, prompt: string): Promise<string> {
  const child = spawn(process.execPath, [CLI_BIN, "run", "--json", prompt], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  await new Promise<void>((resolveExit) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('"type":"tool_started"') && !child.killed) child.kill("SIGINT");
    });
    child.on("exit", () => resolveExit());
  });
  return stdout;
}

describe("every run leaves a summary and an events file that agree", () => {
  test("succeeded with tools, failed, failing tool, and cancelled by SIGINT", async () => {
    const dir = makeAgentFolder(fixtureServerConfig());
    const streams = new Map<string, CliRunEvent[]>();
    const keep = (stdout: string) => {
      const events = cliEvents(stdout);
      const finished = events.find((event) => event.type === "run_finished");
      if (finished?.type === "run_finished") streams.set(finished.runId, events);
    };
    keep(runCli(["run", "--json", "please echo this"], { cwd: dir }).stdout);
    keep(runCli(["run", "--json", "--conversation", "cli:other", "please fail"], { cwd: dir }).stdout);
    keep(runCli(["run", "--json", "--model", "openai:gpt-4o-mini", "hello"], { cwd: dir }).stdout);
    keep(await runUntilToolStartsThenSigint(dir, "stay silent please"));

    const recorded = await recordedRuns(dir);
    expect(recorded).toHaveLength(4);
    expect(new Set(recorded.map(({ run }) => run.status))).toEqual(
      new Set(["succeeded", "failed", "cancelled"]),
    );
    for (const { run, events } of recorded) {
      const stream = streams.get(run.runId) ?? [];
      const finished = stream.find((event) => event.type === "run_finished");
      // Status and failure kind: the summary says what the CLI said.
      expect(finished?.type === "run_finished" && finished.status, run.runId).toBe(run.status);
      if (run.status !== "succeeded") {
        expect(run.failureKind).toBeDefined();
        expect(events.events.at(-1)?.event).toMatchObject({
          type: "run_failure",
          failure_kind: run.failureKind,
        });
      }
      // The events file is whole and its line count is the summary's event count.
      expect(events.exists).toBe(true);
      expect(events.badLines).toEqual([]);
      expect(events.totalEvents).toBe(run.eventCount);
      // Tool calls: the CLI's tool_finished events, the file's tool results, the summary's counts.
      const cliTools = stream.flatMap((event) => (event.type === "tool_finished" ? [event] : []));
      const results = events.events.flatMap(({ event }) =>
        event.type === "user" ? event.message.content : [],
      );
      const uses = new Map(
        events.events.flatMap(({ event }) =>
          event.type === "assistant"
            ? event.message.content.flatMap((block) =>
                block.type === "tool_use" ? [[block.id, block.name] as const] : [],
              )
            : [],
        ),
      );
      expect(results).toHaveLength(run.toolCallCount);
      expect(cliTools).toHaveLength(run.toolCallCount);
      expect(results.filter((result) => result.is_error)).toHaveLength(run.toolErrorCount);
      expect(cliTools.filter((tool) => tool.isError)).toHaveLength(run.toolErrorCount);
      expect(results.map((result) => uses.get(result.tool_use_id)).sort()).toEqual(
        cliTools.map((tool) => tool.name).sort(),
      );
      expect(run.tools.map((tool) => tool.name).sort()).toEqual(
        [...new Set(cliTools.map((tool) => tool.name))].sort(),
      );
      expect(run.tools.reduce((sum, tool) => sum + tool.calls, 0)).toBe(run.toolCallCount);
    }
    const succeeded = recorded.find(
      ({ run }) => run.status === "succeeded" && run.conversationId === "cli:default",
    );
    expect(succeeded?.run).toMatchObject({
      toolCallCount: 2,
      mcpServersUsed: expect.arrayContaining(["fixture"]),
      source: "cli",
    });
    expect(succeeded?.run.finalOutput).toContain("forty-two");
    const failingTool = recorded.find(({ run }) => run.conversationId === "cli:other");
    expect(failingTool?.run).toMatchObject({ status: "succeeded", toolErrorCount: 1 });
    const cancelled = recorded.find(({ run }) => run.status === "cancelled");
    expect(cancelled?.events.events.some(({ event }) => event.type === "assistant")).toBe(true);
  }, 120_000);
});
