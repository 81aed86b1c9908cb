import { createToolPolicy } from "@mono-agent/policy";
import { afterEach, describe, expect, test } from "vitest";
import { assistant, openRunHistoryHarness, toolResult } from "./run-history-harness.js";

const harnesses: ReturnType<typeof openRunHistoryHarness>[] = [];
function harness() {
  const opened = openRunHistoryHarness();
  harnesses.push(opened);
  return opened;
}
afterEach(async () => {
  for (const opened of harnesses.splice(0)) await opened.closeAll();
});

async function offeredServers(policy: { allowedTools?: string[]; disallowedTools?: string[] }) {
  const provided = await harness().provide({ runId: "run-now", policy: createToolPolicy(policy) });
  await provided.cleanup();
  return provided.servers.map((server) => server.name);
}

describe("RunHistory: prior-run evidence (seed page, one test per sentence): the tool and its shorthand", () => {
  test("RunHistory is an app-owned, read-only, request-scoped MCP tool over the existing local run artifacts.", async () => {
    const opened = harness();
    await opened.seed({ runId: "run-old", userInput: "summarise the report", finalOutput: "Done." });
    const session = await opened.connect({ runId: "run-now" });
    expect(session.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp\/[0-9a-f-]{36}$/);
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["RunHistory"]);
    expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    const before = await opened.store.getRun("run-old");
    const { body } = await session.call({ runId: "run-old" });
    expect(body.run.runId).toBe("run-old");
    expect(await opened.store.getRun("run-old")).toEqual(before);
  });

  test("There is no new config key.", async () => {
    const { loadMonoAgentConfig } = await import("@mono-agent/config");
    await expect(
      loadMonoAgentConfig({ cwd: harness().root, env: {}, config: { runHistory: { enabled: true } } }),
    ).rejects.toThrow(/runHistory/);
    expect(await offeredServers({})).toEqual(["mono-agent-run-history"]);
  });

  test("Under allow-all it is exposed automatically on MCP-capable routes; under a restrictive policy, add the exact RunHistory name.", async () => {
    expect(await offeredServers({})).toEqual(["mono-agent-run-history"]);
    expect(await offeredServers({ allowedTools: ["*"] })).toEqual(["mono-agent-run-history"]);
    expect(await offeredServers({ allowedTools: ["Read"] })).toEqual([]);
    expect(await offeredServers({ allowedTools: ["Read", "RunHistory"] })).toEqual([
      "mono-agent-run-history",
    ]);
    expect(await offeredServers({ disallowedTools: ["RunHistory"] })).toEqual([]);
  });

  test("The deprecated policy alias run_history is accepted in tools.allowedTools / tools.disallowedTools, but only RunHistory is registered and shown to the model.", async () => {
    expect(await offeredServers({ allowedTools: ["run_history"] })).toEqual(["mono-agent-run-history"]);
    expect(await offeredServers({ disallowedTools: ["run_history"] })).toEqual([]);
    const session = await harness().connect({
      runId: "run-now",
      policy: createToolPolicy({ allowedTools: ["run_history"] }),
    });
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["RunHistory"]);
    await expect(session.client.callTool({ name: "run_history", arguments: {} })).rejects.toThrow(
      /Unknown tool/,
    );
  });

  test("The compact shorthand is designed for agent exploration:", async () => {
    const session = await harness().connect({ runId: "run-now" });
    const { tools } = await session.client.listTools();
    expect(tools[0]?.inputSchema).toMatchObject({
      type: "object",
      properties: {
        action: { enum: ["list", "search", "inspect"] },
        query: { type: "string" },
        runId: { type: "string" },
        run_id: { type: "string" },
        cursor: { type: "string" },
        limit: { type: "integer", minimum: 1, maximum: 10, default: 5 },
      },
      additionalProperties: false,
    });
    expect(tools[0]?.description).toContain("Start with {}");
  });

  test("{} — List recent settled runs (succeeded, failed, cancelled, or interrupted). Start here for an unhinted request to pick up, continue, or recover interrupted work.", async () => {
    const opened = harness();
    for (const status of ["succeeded", "failed", "cancelled", "interrupted", "running"] as const)
      await opened.seed({ runId: `run-${status}`, status });
    const session = await opened.connect({ runId: "run-now" });
    const { body } = await session.call({});
    expect(body.action).toBe("list");
    expect(body.runs.map((run: { status: string }) => run.status)).toEqual([
      "interrupted",
      "cancelled",
      "failed",
      "succeeded",
    ]);
    const { tools } = await session.client.listTools();
    expect(tools[0]?.description).toMatch(/Start with \{\}.*pick up, continue or recover interrupted work/);
  });

  test('{ "query": "north Spain flights" } — Search safe trigger and summary metadata, ranked by how many Unicode-normalized, case-folded terms a run carries. A single match also carries that run’s compact overview.', async () => {
    const opened = harness();
    await opened.seed({ runId: "run-flights", userInput: "Find FLIGHTS to the ｎｏｒｔｈ of Spain" });
    await opened.seed({ runId: "run-other", userInput: "weather in Spain" });
    const session = await opened.connect({ runId: "run-now" });
    const { body } = await session.call({ query: "north Spain flights" });
    expect(body.action).toBe("search");
    expect(body.matchedAllTerms).toBe(true);
    expect(body.runs.map((run: { runId: string }) => run.runId)).toEqual(["run-flights"]);
    expect(body.overview).toMatchObject({ view: "overview", run: { runId: "run-flights" } });
  });

  test('{ "runId": "..." } — Return a compact overview: metadata and trigger, final visible output, warnings/failures, tool-name call/error counts, and a timeline cursor when detail exists.', async () => {
    const opened = harness();
    await opened.seed({
      runId: "run-a",
      status: "failed",
      userInput: "deploy the site",
      finalOutput: "Deployment failed at step 2.",
      failureKind: "provider_error",
      error: "upstream returned 502",
      warnings: [
        { kind: "mcp_server_unavailable", message: "server docs did not start", serverName: "docs" },
      ],
      tools: [{ name: "Bash", calls: 3, errors: 1 }],
      events: [
        assistant("Deploying.", { id: "c1", name: "Bash", input: { command: "make deploy" } }),
        toolResult("c1", "exit 2", true),
      ],
    });
    await opened.seed({ runId: "run-empty", userInput: "hello" });
    const session = await opened.connect({ runId: "run-now" });
    const { body } = await session.call({ runId: "run-a" });
    expect(body).toMatchObject({
      action: "inspect",
      view: "overview",
      run: { runId: "run-a", status: "failed", model: "openai:gpt-5", source: "cli" },
      trigger: "deploy the site",
      finalOutput: "Deployment failed at step 2.",
      toolSummary: { tools: [{ name: "Bash", calls: 3, errors: 1 }], totalCalls: 3, totalErrors: 1 },
    });
    expect(body.signals).toEqual([
      { kind: "warning", code: "mcp_server_unavailable", message: "server docs did not start" },
      { kind: "failure", code: "provider_error", message: "upstream returned 502" },
    ]);
    expect(typeof body.nextCursor).toBe("string");
    const empty = await session.call({ runId: "run-empty" });
    expect(empty.body.timelineEntryCount).toBe(1);
    expect(empty.body.nextCursor).toBeUndefined();
  });

  test('{ "runId": "...", "cursor": "..." } — Return the next timeline page (at most 10 entries and about 16 KiB).', async () => {
    const opened = harness();
    const events = Array.from({ length: 30 }, (_, index) => [
      assistant(`step ${index} ${"detail ".repeat(200)}`, {
        id: `c${index}`,
        name: "Read",
        input: { path: `file-${index}.txt` },
      }),
      toolResult(`c${index}`, `content ${index} ${"x".repeat(3_000)}`),
    ]).flat();
    await opened.seed({ runId: "run-long", events });
    const session = await opened.connect({ runId: "run-now" });
    let cursor = (await session.call({ runId: "run-long" })).body.nextCursor;
    const seen: number[] = [];
    while (cursor) {
      const { body } = await session.call({ runId: "run-long", cursor });
      expect(body.view).toBe("timeline");
      expect(body.timeline.length).toBeLessThanOrEqual(10);
      expect(Buffer.byteLength(JSON.stringify(body.timeline))).toBeLessThanOrEqual(16 * 1024);
      seen.push(...body.timeline.map((entry: { index: number }) => entry.index));
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(Array.from({ length: 61 }, (_, index) => index));
  });
});
