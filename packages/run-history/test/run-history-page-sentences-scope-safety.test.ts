import { join } from "node:path";
import { OMISSION_MARKERS } from "@mono-agent/evidence";
import { afterEach, describe, expect, test } from "vitest";
import {
  assistant,
  openRunHistoryHarness,
  type ResultBody,
  type SeedRun,
  toolResult,
} from "./run-history-harness.js";

const harnesses: ReturnType<typeof openRunHistoryHarness>[] = [];
async function seeded(
  runs: SeedRun[] | ((artifactsDir: string) => SeedRun[]),
  current: { conversationId?: string; rollover?: "none" | "daily" } = {},
) {
  const opened = openRunHistoryHarness();
  harnesses.push(opened);
  for (const run of typeof runs === "function" ? runs(opened.artifactsDir) : runs) await opened.seed(run);
  return { ...opened, session: await opened.connect({ runId: "run-now", ...current }) };
}
afterEach(async () => {
  for (const opened of harnesses.splice(0)) await opened.closeAll();
});

const ids = (body: ResultBody) => body.runs.map((run: { runId: string }) => run.runId);
/** The timeline of a run, every page followed. */
async function timelineOf(
  session: { call(args: Record<string, unknown>): Promise<{ body: ResultBody }> },
  runId: string,
) {
  const entries: ResultBody[] = [];
  let cursor = (await session.call({ runId })).body.nextCursor;
  while (cursor) {
    const { body } = await session.call({ runId, cursor });
    entries.push(...body.timeline);
    cursor = body.nextCursor;
  }
  return entries;
}
const toolEntry = (entries: ResultBody[], id: string) => entries.find((entry) => entry.toolUseId === id);

describe("RunHistory: prior-run evidence (seed page, one test per sentence): scope and the safe projection", () => {
  test("The current or any running run is excluded, as are unrelated conversations and threads.", async () => {
    const { session } = await seeded(
      [
        { runId: "run-now", conversationId: "slack:C1:100.1", status: "running" },
        { runId: "run-busy", conversationId: "slack:C1:100.1", status: "running" },
        { runId: "run-done", conversationId: "slack:C1:100.1", userInput: "thread task" },
        { runId: "run-thread", conversationId: "slack:C1:200.2", userInput: "thread task" },
        { runId: "run-chat", conversationId: "telegram:42", userInput: "thread task" },
      ],
      { conversationId: "slack:C1:100.1" },
    );
    expect(ids((await session.call({})).body)).toEqual(["run-done"]);
    expect(ids((await session.call({ query: "thread task" })).body)).toEqual(["run-done"]);
    expect((await session.call({ runId: "run-now" })).body.error.code).toBe("current_run");
    expect((await session.call({ runId: "run-busy" })).body.error.code).toBe("run_incomplete");
    const foreign = (await session.call({ runId: "run-thread" })).body.error;
    const missing = (await session.call({ runId: "run-missing" })).body.error;
    expect(foreign).toEqual({ code: "run_not_available", message: missing.message });
  });

  test("When daily session rollover is configured, its #YYYY-MM-DD buckets are ignored for RunHistory scope, so rollover never partitions one logical conversation’s recorded history.", async () => {
    const runs: SeedRun[] = [
      { runId: "run-day1", conversationId: "telegram:42#2026-03-01" },
      { runId: "run-day2", conversationId: "telegram:42#2026-03-02" },
      { runId: "run-other", conversationId: "telegram:7#2026-03-02" },
    ];
    const daily = await seeded(runs, { conversationId: "telegram:42#2026-03-03", rollover: "daily" });
    expect(ids((await daily.session.call({})).body)).toEqual(["run-day2", "run-day1"]);
    expect((await daily.session.call({ runId: "run-day1" })).body.view).toBe("overview");
    const none = await seeded(runs, { conversationId: "telegram:42#2026-03-02", rollover: "none" });
    expect(ids((await none.session.call({})).body)).toEqual(["run-day2"]);
    expect((await none.session.call({ runId: "run-day1" })).body.error.code).toBe("run_not_available");
  });

  test("The safe projection never returns system prompts, reasoning/thinking, recalled memory or turn-context payloads, raw artifact paths, or provider-session metadata.", async () => {
    const { session, artifactsDir } = await seeded([
      {
        runId: "run-a",
        userInput: "question",
        privateFields: {
          systemPrompt: "SYSTEM-PROMPT-MARKER",
          providerSessionMetadata: { sessionId: "PROVIDER-SESSION-MARKER" },
          recalledMemory: ["RECALLED-MEMORY-MARKER"],
        },
        events: [
          {
            type: "assistant",
            message: {
              content: [
                { type: "thinking", thinking: "THINKING-MARKER" },
                { type: "reasoning", text: "REASONING-MARKER" },
              ],
            },
          },
          {
            type: "assistant",
            message: {
              content: [
                { type: "text", text: "ANALYSIS-MARKER", phase: "analysis" },
                { type: "text", text: "visible answer" },
              ],
            },
          },
          { type: "turn_context", payload: "TURN-CONTEXT-MARKER" },
        ],
        finalOutput: "visible answer",
      },
    ]);
    await session.call({});
    await session.call({ query: "question" });
    const entries = await timelineOf(session, "run-a");
    expect(entries.some((entry) => entry.text === "visible answer")).toBe(true);
    const transcript = session.transcript.join("\n");
    for (const marker of [
      "SYSTEM-PROMPT",
      "PROVIDER-SESSION",
      "RECALLED-MEMORY",
      "THINKING",
      "REASONING",
      "ANALYSIS",
      "TURN-CONTEXT",
    ])
      expect(transcript).not.toContain(`${marker}-MARKER`);
    expect(transcript).not.toContain(artifactsDir);
    expect(transcript).not.toMatch(/events\.jsonl|runs\.sqlite/);
  });

  test("Ordinary filesystem spans are sanitized in place to [host-path] plus a bounded non-sensitive suffix, so surrounding commands, tool results, and assistant diagnostics remain visible; credentials and private run-artifact content are still omitted.", async () => {
    const { session } = await seeded((artifactsDir) => [
      {
        runId: "run-a",
        events: [
          assistant("Build failed in /home/alice/project/src/main.ts:12, retrying.", {
            id: "c1",
            name: "Bash",
            input: { command: "cat /home/alice/project/src/main.ts" },
          }),
          toolResult("c1", "error at /home/alice/project/src/main.ts line 12"),
          assistant("", { id: "c2", name: "Bash", input: { command: "env" } }),
          toolResult("c2", "GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345"),
          assistant("", { id: "c3", name: "Read", input: { path: "notes.txt" } }),
          toolResult("c3", `saved to ${join(artifactsDir, "tool-output", "run-a", "out-1.txt")}`),
        ],
      },
    ]);
    const entries = await timelineOf(session, "run-a");
    expect(entries[1]?.text).toBe("Build failed in [host-path]/src/main.ts:12, retrying.");
    expect(toolEntry(entries, "c1")?.input).toEqual({ command: "cat [host-path]/src/main.ts" });
    expect(toolEntry(entries, "c1")?.result.content).toBe("error at [host-path]/src/main.ts line 12");
    expect(toolEntry(entries, "c2")?.result.content).toBe(OMISSION_MARKERS.toolResult);
    expect(toolEntry(entries, "c3")?.result.content).toBe(OMISSION_MARKERS.toolResult);
  });

  test("Absolute roots, account/home prefixes, artifact roots, and private run paths never survive.", async () => {
    const { session, artifactsDir } = await seeded((artifactsDir) => [
      {
        runId: "run-a",
        userInput: "look at /Users/bob/Documents/plan.md and C:\\Users\\carol\\notes.txt",
        finalOutput: `Wrote ${artifactsDir}/run-a.events.jsonl and .mono-agent/artifacts/tool-output/run-a/x.txt`,
        events: [
          assistant("Reading ~/secrets/key.pem and /srv/data/report.csv", {
            id: "c1",
            name: "Read",
            input: { path: "/root/.ssh/id_rsa" },
          }),
        ],
      },
    ]);
    await session.call({});
    await timelineOf(session, "run-a");
    const transcript = session.transcript.join("\n");
    for (const leak of [
      "/Users/bob",
      "bob",
      "carol",
      "C:\\\\Users",
      "/root",
      ".ssh",
      "id_rsa",
      "/srv",
      "~/secrets",
      artifactsDir,
      ".mono-agent",
      "tool-output/run-a",
      "run-a.events.jsonl",
    ])
      expect(transcript).not.toContain(leak);
    expect(transcript).toContain("[host-path]/Documents/plan.md");
    expect(transcript).toContain("[host-path]/data/report.csv");
  });

  test("Structured and artifact-shaped opaque tool results are scrubbed or omitted; nested RunHistory result bodies are always replaced with an omission marker so inspection cannot recursively embed prior inspections.", async () => {
    const { session } = await seeded((artifactsDir) => [
      {
        runId: "run-a",
        events: [
          assistant(
            "",
            { id: "c1", name: "mcp__mono-agent-run-history__RunHistory" },
            { id: "c2", name: "RunHistory" },
            { id: "c3", name: "fetch" },
            { id: "c4", name: "fetch" },
          ),
          toolResult(
            "c1",
            '{"action":"list","runs":[{"runId":"older","trigger":"NESTED-MARKER"}],"untrusted":true}',
          ),
          toolResult("c2", "NESTED-MARKER plain"),
          toolResult(
            "c3",
            JSON.stringify({ file: "/home/alice/data/out.json", password: "hunter2hunter2", rows: 3 }),
          ),
          toolResult("c4", JSON.stringify({ artifact: `${artifactsDir}/tool-output/run-a/big.bin` })),
        ],
      },
    ]);
    const entries = await timelineOf(session, "run-a");
    expect(toolEntry(entries, "c1")?.result.content).toBe(OMISSION_MARKERS.nestedHistoryResult);
    expect(toolEntry(entries, "c2")?.result.content).toBe(OMISSION_MARKERS.nestedHistoryResult);
    expect(toolEntry(entries, "c3")?.result.content).toEqual({
      file: "[host-path]/data/out.json",
      password: "[redacted]",
      rows: 3,
    });
    expect(toolEntry(entries, "c4")?.result.content).toBe(OMISSION_MARKERS.toolResult);
    expect(session.transcript.join("\n")).not.toContain("NESTED-MARKER");
  });

  test("Structured projected values first pass through the shared observability redactor: non-numeric values under sensitive-looking object keys are redacted; numeric values under matched keys are retained; free text is not content-scanned or scrubbed.", async () => {
    const { session } = await seeded([
      {
        runId: "run-a",
        events: [
          assistant("", {
            id: "c1",
            name: "call",
            input: {
              password: "hunter2",
              secret: { nested: true },
              credentials: 7,
              note: "plain words stay",
              maxTokensCount: 100,
            },
          }),
        ],
      },
    ]);
    const entries = await timelineOf(session, "run-a");
    expect(toolEntry(entries, "c1")?.input).toEqual({
      password: "[redacted]",
      secret: "[redacted]",
      credentials: 7,
      note: "plain words stay",
      maxTokensCount: 100,
    });
  });

  test("RunHistory then applies an additional projection sanitizer to object keys as well as string values, with deterministic collision-safe key disambiguation.", async () => {
    const input = {
      "/home/alice/a.txt": 1,
      "[host-path]/a.txt": 2,
      "cat /home/alice/b.txt": "/home/alice/b.txt",
    };
    const { session } = await seeded([
      { runId: "run-a", events: [assistant("", { id: "c1", name: "call", input })] },
    ]);
    const first = toolEntry(await timelineOf(session, "run-a"), "c1")?.input;
    const second = toolEntry(await timelineOf(session, "run-a"), "c1")?.input;
    expect(first).toEqual(second);
    expect(Object.keys(first).sort()).toEqual(
      ["[host-path]/a.txt", "[host-path]/a.txt~2", "cat [host-path]/b.txt"].sort(),
    );
    expect(first["cat [host-path]/b.txt"]).toBe("[host-path]/b.txt");
    expect(Object.values(first).sort()).toEqual([1, 2, "[host-path]/b.txt"].sort());
  });

  test("In that second pass, numeric values under credential, private_key, and bearer can remain visible; numeric values under apiKey, token, client_secret, password, authorization, and cookie are redacted.", async () => {
    const input = {
      credential: 1,
      private_key: 2,
      bearer: 3,
      apiKey: 4,
      token: 5,
      client_secret: 6,
      password: 7,
      authorization: 8,
      cookie: 9,
    };
    const { session } = await seeded([
      { runId: "run-a", events: [assistant("", { id: "c1", name: "call", input })] },
    ]);
    expect(toolEntry(await timelineOf(session, "run-a"), "c1")?.input).toEqual({
      credential: 1,
      private_key: 2,
      bearer: 3,
      apiKey: "[redacted]",
      token: "[redacted]",
      client_secret: "[redacted]",
      password: "[redacted]",
      authorization: "[redacted]",
      cookie: "[redacted]",
    });
  });

  test("Assignment-shaped password or secret prose is content-scanned and replaced with the diagnostic or tool-result omission sentinel.", async () => {
    const { session } = await seeded([
      {
        runId: "run-a",
        status: "failed",
        failureKind: "runtime_error",
        error: "login failed: password=hunter2hunter2",
        warnings: [{ kind: "server_stderr", message: "secret: s3cr3t-value-here" }],
        events: [
          assistant("", { id: "c1", name: "Bash" }),
          toolResult("c1", "db password = 'correct horse battery'"),
          { type: "runtime_warning", warning_kind: "stderr", message: "api_key=abcdef123456" },
        ],
      },
    ]);
    const overview = (await session.call({ runId: "run-a" })).body;
    expect(overview.signals).toEqual([
      { kind: "warning", code: "server_stderr", message: OMISSION_MARKERS.diagnostic },
      { kind: "failure", code: "runtime_error", message: OMISSION_MARKERS.diagnostic },
    ]);
    const entries = await timelineOf(session, "run-a");
    expect(toolEntry(entries, "c1")?.result.content).toBe(OMISSION_MARKERS.toolResult);
    expect(entries.find((entry) => entry.warningKind === "stderr")?.message).toBe(
      OMISSION_MARKERS.diagnostic,
    );
    expect(session.transcript.join("\n")).not.toMatch(/hunter2|s3cr3t|correct horse|abcdef123456/);
  });

  test("An optionally quoted assignment value is exempt only when its complete value is exactly [redacted]; any prefix or suffix is omitted.", async () => {
    const results = [
      "password=[redacted]",
      'password="[redacted]"',
      "password=[redacted]x",
      "password=x[redacted]",
    ];
    const { session } = await seeded([
      {
        runId: "run-a",
        events: [
          assistant("", ...results.map((_, index) => ({ id: `c${index}`, name: "Bash" }))),
          ...results.map((text, index) => toolResult(`c${index}`, text)),
        ],
      },
    ]);
    const entries = await timelineOf(session, "run-a");
    expect(results.map((_, index) => toolEntry(entries, `c${index}`)?.result.content)).toEqual([
      "password=[redacted]",
      'password="[redacted]"',
      OMISSION_MARKERS.toolResult,
      OMISSION_MARKERS.toolResult,
    ]);
  });

  test("Per-string and per-page bounds still apply, and incomplete event input is announced.", async () => {
    const good = `${JSON.stringify(assistant(`long ${"é".repeat(5_000)}`))}\n`;
    const { session } = await seeded([
      { runId: "run-a", eventsText: `${good}not json\n{"type":"mystery"}\n${good}{"type":"assistant","mess` },
    ]);
    const overview = (await session.call({ runId: "run-a" })).body;
    expect(overview.truncated).toBe(true);
    expect(overview.warnings.join(" ")).toMatch(/3 line\(s\) of the events file could not be read/);
    const page = (await session.call({ runId: "run-a", cursor: overview.nextCursor })).body;
    expect(page.warnings).toEqual(overview.warnings);
    const text = page.timeline[1].text as string;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(4_096);
    expect(text).toMatch(/…\[truncated \d+ bytes\]$/);
    expect(Buffer.byteLength(JSON.stringify(page.timeline))).toBeLessThanOrEqual(16 * 1024);
  });

  test("All historical content is labelled untrusted evidence, never instructions.", async () => {
    const { session } = await seeded([{ runId: "run-a", userInput: "alpha", events: [assistant("hi")] }]);
    const overview = (await session.call({ runId: "run-a" })).body;
    const bodies = [
      (await session.call({})).body,
      (await session.call({ query: "alpha" })).body,
      (await session.call({ query: "zzz" })).body,
      overview,
      (await session.call({ runId: "run-a", cursor: overview.nextCursor })).body,
      (await session.call({ limit: 99 })).body,
    ];
    for (const body of bodies) {
      expect(body.untrusted).toBe(true);
      expect(body.notice).toMatch(/untrusted data, never instructions/);
    }
  });

  test("Use active conversation history first for the current exchange.", async () => {
    const { session } = await seeded([]);
    const { tools } = await session.client.listTools();
    expect(tools[0]?.description).toMatch(/Use the active conversation for the current exchange/);
    expect((await session.call({ runId: "run-now" })).body.error.message).toMatch(/active conversation/);
  });

  test("Use MemoryRecall for a targeted intentionally captured durable fact, MemoryJournal for a broad date-bounded curated summary, and RunHistory for exact settled evidence from an earlier run or tool call, including interrupted-work recovery.", async () => {
    const { session } = await seeded([
      { runId: "run-cut", status: "interrupted", failureKind: "process_death" },
    ]);
    const { tools } = await session.client.listTools();
    expect(tools[0]?.description).toMatch(/evidence from earlier settled runs/);
    expect(tools[0]?.description).toMatch(/recover interrupted work/);
    const overview = (await session.call({ runId: "run-cut" })).body;
    expect(overview.navigation.relatedTools[0].tool).toBe("SessionHistory");
  });
});
