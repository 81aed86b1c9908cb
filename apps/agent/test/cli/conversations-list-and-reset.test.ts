import { openToolHistoryStore, toolHistoryFile } from "@mono-agent/session-history/sqlite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { artifactsDirOf } from "../app/run-record-store.js";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder } from "../serve/serve-process.js";
import { STDIO_FIXTURE } from "./agent-folder.js";
import { type CliResult, runCli, runCliAsync } from "./run-cli.js";

async function cli(cwd: string, ...args: string[]): Promise<CliResult> {
  return runCliAsync(args, { cwd });
}

async function json(cwd: string, ...args: string[]) {
  const result = await cli(cwd, ...args, "--json");
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

function messageTexts(messages: unknown[]): string[] {
  return messages
    .filter((message) => (message as { role: string }).role !== "system")
    .map((message) => JSON.stringify((message as { content: unknown }).content));
}

let model: ScriptedModelServer;
beforeAll(async () => {
  model = await startScriptedModelServer();
});
afterAll(() => model.close());

function agentFolder(): string {
  return makeWebAgentFolder(model.baseUrl, {
    tools: { mcpServers: { fixture: { command: process.execPath, args: [STDIO_FIXTURE] } } },
  });
}

describe("mono-agent conversations", () => {
  test("list shows stored conversations; reset forgets every bucket's messages and SessionHistory records but not the runs", async () => {
    const dir = agentFolder();
    expect(runCli(["conversations", "list"], { cwd: dir }).stdout).toBe("No conversations stored yet.\n");
    expect(await json(dir, "conversations", "list")).toEqual({ conversations: [], count: 0, total: 0 });

    const first = await cli(
      dir,
      "run",
      "--conversation",
      "cli:trip#2026-07-11",
      '[call: echo {"text":"kiwi"}] remember the kiwi',
    );
    expect(first.exitCode, first.stderr).toBe(0);
    expect((await cli(dir, "run", "--conversation", "cli:trip#2026-07-12", "and the pear")).exitCode).toBe(0);
    expect((await cli(dir, "run", "--conversation", "cli:other", "unrelated plum")).exitCode).toBe(0);

    const listed = await json(dir, "conversations", "list");
    expect(listed).toMatchObject({ count: 3, total: 3 });
    expect(listed.conversations.map((entry: { conversationId: string }) => entry.conversationId)).toEqual([
      "cli:other",
      "cli:trip#2026-07-12",
      "cli:trip#2026-07-11",
    ]);
    const tripMessages = listed.conversations
      .filter((entry: { conversationId: string }) => entry.conversationId.startsWith("cli:trip"))
      .reduce((sum: number, entry: { messageCount: number }) => sum + entry.messageCount, 0);
    expect(await json(dir, "conversations", "list", "--limit", "1")).toMatchObject({ count: 1, total: 3 });
    const table = runCli(["conversations", "list"], { cwd: dir }).stdout;
    expect(table).toMatch(/^CONVERSATION\s+MESSAGES\s+LAST UPDATE\n/);
    expect(table).toContain("Showing 3 of 3.");

    expect(await json(dir, "conversations", "reset", "cli:trip")).toEqual({
      conversationId: "cli:trip",
      removedMessages: tripMessages,
      removedToolCalls: 1,
    });

    const requestsBefore = model.requests.length;
    expect((await cli(dir, "run", "--conversation", "cli:trip#2026-07-12", "start over")).exitCode).toBe(0);
    const sent = model.requests.slice(requestsBefore).flatMap((request) => messageTexts(request.messages));
    expect(sent.join("\n")).toContain("start over");
    expect(sent.join("\n")).not.toMatch(/kiwi|pear/);

    const sidecar = openToolHistoryStore({ file: toolHistoryFile(artifactsDirOf(dir)), readOnly: true });
    try {
      const scope = { runId: "none", rollover: "daily" as const, includeIsolated: true };
      expect(sidecar.listCompletedCalls({ ...scope, conversationId: "cli:trip#2026-07-11" }, 10)).toEqual([]);
    } finally {
      sidecar.close();
    }
    const runs = await json(dir, "runs", "list", "--conversation", "cli:trip");
    expect(runs.runs.map((run: { userInput: string }) => run.userInput)).toEqual([
      "start over",
      "and the pear",
      '[call: echo {"text":"kiwi"}] remember the kiwi',
    ]);
    expect((await json(dir, "conversations", "list")).conversations).toContainEqual(
      expect.objectContaining({ conversationId: "cli:other", messageCount: 2 }),
    );

    const text = await cli(dir, "conversations", "reset", "cli:trip#2026-07-12");
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "Reset conversation cli:trip (every #YYYY-MM-DD bucket): removed 2 messages",
    );
    expect(text.stdout).toContain("Recorded runs are kept: `mono-agent runs list --conversation cli:trip`.");
  }, 120_000);

  test("an unknown conversation resets to zero; bad ids and bad forms are usage errors naming the accepted form", async () => {
    const dir = agentFolder();
    const unknown = await cli(dir, "conversations", "reset", "cli:never");
    expect(unknown.exitCode, unknown.stderr).toBe(0);
    expect(unknown.stdout).toContain("Nothing to reset: conversation cli:never has no stored messages");
    expect(await json(dir, "conversations", "reset", "web:nobody")).toEqual({
      conversationId: "web:nobody",
      removedMessages: 0,
      removedToolCalls: 0,
    });

    for (const args of [
      ["conversations", "reset", "no-colon"],
      ["conversations", "reset", "cli:with space"],
      ["conversations", "reset"],
      ["conversations", "reset", "cli:a", "cli:b"],
      ["conversations", "forget", "cli:a"],
      ["conversations"],
      ["conversations", "list", "--limit", "0"],
      ["conversations", "reset", "cli:a", "--limit", "3"],
    ]) {
      const result = runCli(args, { cwd: dir });
      expect(result.exitCode, args.join(" ")).toBe(2);
      expect(result.stderr).toContain(
        "usage: mono-agent conversations list [--limit N] [--json] | conversations reset <conversationId>",
      );
    }
    expect(runCli(["conversations", "reset", "no-colon"], { cwd: dir }).stderr).toContain(
      'use "<channel>:<id>" such as "cli:default"',
    );
    expect(runCli(["--help"], { cwd: dir }).stdout).toMatch(/conversations\s+stored conversations: /);
    expect(runCli(["conversations", "--help"], { cwd: dir }).stdout).toContain("conversations reset <id>");
  }, 120_000);

  test("a reset is refused while another process runs the conversation, and works once the run is done", async () => {
    const dir = agentFolder();
    expect((await cli(dir, "run", "--conversation", "cli:busy#2026-07-11", "first fig")).exitCode).toBe(0);
    const gate = model.gate("reset-busy");
    const running = runCliAsync(["run", "--conversation", "cli:busy#2026-07-12", "[hold:reset-busy] wait"], {
      cwd: dir,
    });
    await gate.reached;
    try {
      const refused = await cli(dir, "conversations", "reset", "cli:busy");
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/Conversation cli:busy has a run in progress: \S+ \(process \d+\)/);
      expect(refused.stderr).toContain("Nothing was removed.");
      expect((await json(dir, "conversations", "list")).total).toBe(1);
    } finally {
      gate.release();
    }
    expect((await running).exitCode).toBe(0);
    expect(await json(dir, "conversations", "reset", "cli:busy")).toMatchObject({ removedMessages: 4 });
  }, 120_000);
});
