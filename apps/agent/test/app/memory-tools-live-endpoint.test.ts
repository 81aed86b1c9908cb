import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { type MemoryTools, openMemoryTools } from "@mono-agent/memory/tools";
import { createToolPolicy } from "@mono-agent/policy";
import { afterEach, describe, expect, test } from "vitest";
import type { AppToolProvider, AppToolServers } from "../../src/app/tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../../src/app/tools/request-scoped-tool-provider.js";

const opened: Array<{ tools: MemoryTools<AppToolProvider>; servers: AppToolServers[]; clients: Client[] }> =
  [];
afterEach(async () => {
  for (const entry of opened.splice(0)) {
    for (const client of entry.clients) await client.close();
    for (const servers of entry.servers) await servers.cleanup();
    entry.tools.close();
  }
});

/** Composes the memory tools for one run as startMonoAgentApp does, and connects a real MCP client to each live endpoint. */
async function composeRun(config: Record<string, unknown>, env: Record<string, string> = {}) {
  const cwd = mkdtempSync(join(tmpdir(), "mono-agent-memory-app-"));
  const loaded = await loadMonoAgentConfig({
    cwd,
    env,
    config: { runtime: { model: "demo:demo" }, ...config },
  });
  const policy = createToolPolicy({
    allowedTools: loaded.config.tools.allowedTools,
    disallowedTools: loaded.config.tools.disallowedTools,
  });
  const tools = openMemoryTools({ loaded, policy, env, serve: requestScopedToolProvider });
  const run = { runId: "run-1", conversationId: "cli:default", signal: new AbortController().signal };
  const servers = await Promise.all(tools.providers.map((provider) => provider(run)));
  const entry = { tools, servers, clients: [] as Client[] };
  opened.push(entry);
  const clients: Record<string, Client> = {};
  for (const spec of servers.flatMap((result) => result.servers)) {
    if (spec.transport !== "http") throw new Error("expected a loopback http spec");
    const client = new Client({ name: "memory-app-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(spec.url)));
    entry.clients.push(client);
    clients[spec.name] = client;
  }
  return { clients, names: Object.keys(clients).sort(), cwd };
}

const ALL = ["mono-agent-memory", "mono-agent-memory-journal", "mono-agent-memory-write"];
const memory = { memory: { path: "./memory" } };

describe("memory tools on the live request-scoped endpoint", () => {
  test('{ "memory": { "path": "./memory" } } alone serves Remember, MemoryRecall and MemoryJournal; a fact remembered is recalled and journaled', async () => {
    const { clients, names } = await composeRun(memory);
    expect(names).toEqual(ALL);
    const remembered = await clients["mono-agent-memory-write"]!.callTool({
      name: "Remember",
      arguments: { text: "Standup is at 09:30" },
    });
    expect(remembered.isError).not.toBe(true);
    const recalled = await clients["mono-agent-memory"]!.callTool({
      name: "MemoryRecall",
      arguments: { query: "standup" },
    });
    expect((recalled.structuredContent as { hits: Array<{ text: string }> }).hits[0]?.text).toBe(
      "Standup is at 09:30",
    );
    const today = new Date().toISOString().slice(0, 10);
    const journal = await clients["mono-agent-memory-journal"]!.callTool({
      name: "MemoryJournal",
      arguments: { fromDate: today, throughDate: today, timeZone: "UTC" },
    });
    expect(journal.structuredContent).toMatchObject({
      status: "ok",
      evidenceKind: "curated_memory_summary",
      untrusted: true,
    });
  });

  test("Availability is narrower than recall.", async () => {
    const { names } = await composeRun({ ...memory, tools: { allowedTools: ["Read"] } });
    expect(names).toEqual(["mono-agent-memory"]);
  });

  test("The tool appears only when a memory block is configured, memory.rememberTool.enabled is not false, tool policy allows Remember, and the store affirms it can accept writes.", async () => {
    expect((await composeRun({})).names).toEqual([]);
    expect(
      (await composeRun({ memory: { path: "./memory", rememberTool: { enabled: false } } })).names,
    ).not.toContain("mono-agent-memory-write");
    expect((await composeRun({ ...memory, tools: { allowedTools: ["Read"] } })).names).not.toContain(
      "mono-agent-memory-write",
    );
    expect((await composeRun({ ...memory, tools: { allowedTools: ["Remember"] } })).names).toContain(
      "mono-agent-memory-write",
    );
  });

  test("That last condition excludes read-only stores and the Supermemory backend, which implements the shared MemoryStore contract but no durable write surface: a configured memory block does not by itself grant a write tool.", async () => {
    const { memoryAvailability, memoryToolDecisions } = await import("@mono-agent/memory/tools");
    const cwd = mkdtempSync(join(tmpdir(), "mono-agent-memory-app-"));
    const loaded = await loadMonoAgentConfig({ cwd, env: {}, config: memory });
    const policy = createToolPolicy({});
    const readOnly = {
      capabilities: { tier: "lite", supportsRemember: false, supportsJournalBrowse: true, readOnly: true },
    };
    const remote = {
      capabilities: {
        tier: "remote",
        supportsRemember: false,
        supportsJournalBrowse: false,
        readOnly: false,
      },
    };
    expect(memoryToolDecisions(policy, memoryAvailability(loaded, readOnly)).Remember).toMatchObject({
      decision: "withheld",
      reason: "unavailable",
    });
    const decisions = memoryToolDecisions(policy, memoryAvailability(loaded, remote));
    expect(decisions.Remember.decision).toBe("withheld");
    expect(decisions.MemoryRecall.decision).toBe("offered");
  });

  test("Unlike MemoryRecall, Remember is gated by tools.allowedTools, so an operator can withhold durable writes while keeping recall; disallowedTools removes it and deny wins.", async () => {
    expect((await composeRun({ ...memory, tools: { allowedTools: [] } })).names).toEqual([
      "mono-agent-memory",
    ]);
    expect((await composeRun({ ...memory, tools: { disallowedTools: ["Remember"] } })).names).toEqual([
      "mono-agent-memory",
      "mono-agent-memory-journal",
    ]);
    expect(
      (
        await composeRun({
          ...memory,
          tools: { allowedTools: ["*"], disallowedTools: ["mcp__mono-agent-memory-write__*"] },
        })
      ).names,
    ).not.toContain("mono-agent-memory-write");
  });

  test("The configured-value scan reads the environment the host resolved, not process.env, so a secret supplied only through startMonoAgentApp({ env }) is still recognized.", async () => {
    expect(process.env["ACME_API_KEY"]).toBeUndefined();
    const { clients } = await composeRun(memory, { ACME_API_KEY: "acme-7Hq2-Zx9p" });
    const result = await clients["mono-agent-memory-write"]!.callTool({
      name: "Remember",
      arguments: { text: "the acme key is acme-7Hq2-Zx9p" },
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ stored: false });
  });

  test("MemoryRecall is gated by memory.recallTool.enabled, not by allowedTools; its description and empty result route pick-up/continue/recover to RunHistory {}", async () => {
    const off = await composeRun({ memory: { path: "./memory", recallTool: { enabled: false } } });
    expect(off.names).toEqual(["mono-agent-memory-write"]);
    const { clients } = await composeRun({ ...memory, tools: { allowedTools: [], disallowedTools: [] } });
    const recall = clients["mono-agent-memory"]!;
    const description = (await recall.listTools()).tools[0]?.description ?? "";
    expect(description).toContain("pick up, continue, or recover interrupted work, call RunHistory {} first");
    const empty = await recall.callTool({ name: "MemoryRecall", arguments: { query: "nothing here" } });
    expect((empty.content as Array<{ text: string }>)[0]?.text).toContain("call RunHistory {} first");
    const bad = await recall.callTool({ name: "MemoryRecall", arguments: { query: "x", limit: 51 } });
    expect(bad.isError).toBe(true);
  });

  test("Unsupported capability is different again: the endpoint is not composed.", async () => {
    const { memoryAvailability, memoryToolDecisions } = await import("@mono-agent/memory/tools");
    const cwd = mkdtempSync(join(tmpdir(), "mono-agent-memory-app-"));
    const loaded = await loadMonoAgentConfig({ cwd, env: {}, config: memory });
    const noBrowse = {
      capabilities: { tier: "remote", supportsRemember: true, supportsJournalBrowse: false, readOnly: false },
    };
    expect(
      memoryToolDecisions(createToolPolicy({}), memoryAvailability(loaded, noBrowse)).MemoryJournal,
    ).toMatchObject({
      decision: "withheld",
      reason: "unavailable",
    });
  });

  test("Availability requires memory.recallTool.enabled, an affirmative local browse capability, and app-tool policy.", async () => {
    expect(
      (await composeRun({ memory: { path: "./memory", recallTool: { enabled: false } } })).names,
    ).not.toContain("mono-agent-memory-journal");
    expect((await composeRun({ ...memory, tools: { allowedTools: ["Read"] } })).names).not.toContain(
      "mono-agent-memory-journal",
    );
    expect((await composeRun(memory)).names).toContain("mono-agent-memory-journal");
  });

  test("Under a restrictive allowlist name MemoryJournal, mcp__mono-agent-memory-journal__MemoryJournal, or mcp__mono-agent-memory-journal__*; exact/server/global deny wins.", async () => {
    for (const name of [
      "MemoryJournal",
      "mcp__mono-agent-memory-journal__MemoryJournal",
      "mcp__mono-agent-memory-journal__*",
    ]) {
      expect((await composeRun({ ...memory, tools: { allowedTools: [name] } })).names).toContain(
        "mono-agent-memory-journal",
      );
    }
    for (const deny of ["MemoryJournal", "mcp__mono-agent-memory-journal__*", "*"]) {
      expect((await composeRun({ ...memory, tools: { disallowedTools: [deny] } })).names).not.toContain(
        "mono-agent-memory-journal",
      );
    }
  });

  test("There is no legacy alias.", async () => {
    expect(
      (await composeRun({ ...memory, tools: { allowedTools: ["memory_journal"] } })).names,
    ).not.toContain("mono-agent-memory-journal");
  });
});
