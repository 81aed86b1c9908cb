import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createSecretScanner } from "@mono-agent/evidence";
import { shortDigest } from "@mono-agent/evidence/node";
import { tempDir } from "@mono-agent/test-utils";
import {
  createRunHistoryServer,
  createRunSearchCache,
  type RunHistoryRollover,
  type RunPrivateFields,
  type RunStatus,
  type RunStore,
  type RunToolCount,
  type RunWarning,
} from "../src/index.js";
import {
  createRunEventReader,
  openRunStore,
  replaceFileAtomically,
  runEventsFile,
  type SqliteRunStore,
} from "../src/sqlite.js";

/** One run to seed straight into the store (what the recorder writes), with its events file. */
export interface SeedRun {
  runId: string;
  conversationId?: string;
  status?: RunStatus;
  userInput?: string;
  model?: string;
  effort?: string;
  source?: string;
  sourceDetail?: string;
  failureKind?: string;
  error?: string;
  finalOutput?: string;
  tools?: RunToolCount[];
  warnings?: RunWarning[];
  privateFields?: RunPrivateFields;
  /** Event objects, written one JSON line each (raw: the safety of RunHistory itself is under test). */
  events?: object[];
  /** The events file text as is (corrupt lines, a cut final line …). */
  eventsText?: string;
}

/** A structured RunHistory result, read loosely in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions walk arbitrary JSON
export type ResultBody = Record<string, any>;

/** A RunHistory session through a real MCP client, over the SDK's in-memory transport. */
export interface ConnectedRunHistory {
  client: Client;
  /** Every text block and structured result seen, for leak scans. */
  transcript: string[];
  call(args: Record<string, unknown>): Promise<{ raw: CallToolResult; body: ResultBody }>;
  close(): Promise<void>;
}

/** A configured credential of the host (the scanner gets it as env). */
export const HOST_SECRET = "host-secret-value-0987654321";

/**
 * A temp artifacts folder with an open run store, seeding and connections to the RunHistory server
 * built as mono-agent builds it per run (events read from the artifacts folder, which is private).
 */
export function openRunHistoryHarness() {
  const root = tempDir("run-history-tool-");
  const artifactsDir = join(root, ".mono-agent", "artifacts");
  const store: SqliteRunStore = openRunStore({ file: join(artifactsDir, "runs.sqlite") });
  const baseMs = Date.parse("2026-03-01T10:00:00.000Z");
  let sequence = 0;
  const open: ConnectedRunHistory[] = [];
  const seed = async (run: SeedRun) => {
    const startedAtMs = baseMs + ++sequence * 60_000;
    await store.beginRun({
      runId: run.runId,
      conversationId: run.conversationId ?? "cli:default",
      startedAtMs,
      model: run.model ?? "openai:gpt-5",
      ...(run.effort !== undefined ? { effort: run.effort } : {}),
      source: run.source ?? "cli",
      ...(run.sourceDetail !== undefined ? { sourceDetail: run.sourceDetail } : {}),
      userInput: run.userInput ?? `question of ${run.runId}`,
      owner: { pid: process.pid, startToken: "test", host: "test-host" },
      ...(run.privateFields ? { privateFields: run.privateFields } : {}),
    });
    const text = run.eventsText ?? (run.events ?? []).map((event) => `${JSON.stringify(event)}\n`).join("");
    await replaceFileAtomically(runEventsFile(artifactsDir, run.runId), text);
    const status = run.status ?? "succeeded";
    if (status === "running") return;
    const tools = run.tools ?? [];
    await store.completeRun(run.runId, {
      status,
      updatedAtMs: startedAtMs + 30_000,
      endedAtMs: startedAtMs + 30_000,
      durationMs: 30_000,
      eventCount: (run.events ?? []).length,
      eventsDropped: 0,
      toolCallCount: tools.reduce((sum, tool) => sum + tool.calls, 0),
      toolErrorCount: tools.reduce((sum, tool) => sum + tool.errors, 0),
      tools,
      warnings: run.warnings ?? [],
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, costUsd: 0 },
      mcpServersUsed: [],
      ...(run.failureKind !== undefined ? { failureKind: run.failureKind } : {}),
      ...(run.error !== undefined ? { error: run.error } : {}),
      ...(run.finalOutput !== undefined ? { finalOutput: run.finalOutput } : {}),
    });
  };
  const connect = async (input: {
    runId: string;
    conversationId?: string;
    rollover?: RunHistoryRollover;
    /** The store the server reads (default the harness's own; a wrapper counts what it is asked). */
    store?: RunStore;
    /** The host's scanner (default one with {@link HOST_SECRET} configured); `null` for none. */
    secretScanner?: null;
  }): Promise<ConnectedRunHistory> => {
    const server = createRunHistoryServer({
      store: input.store ?? store,
      readEvents: createRunEventReader(artifactsDir),
      runId: input.runId,
      conversationId: input.conversationId ?? "cli:default",
      rollover: input.rollover ?? "none",
      digest: shortDigest,
      searchCache: createRunSearchCache(),
      privatePaths: [artifactsDir],
      ...(input.secretScanner === null
        ? {}
        : { secretScanner: createSecretScanner({ env: { SERVICE_API_KEY: HOST_SECRET } }) }),
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: "run-history-test", version: "1.0.0" });
    await client.connect(clientTransport);
    const transcript: string[] = [];
    const session: ConnectedRunHistory = {
      client,
      transcript,
      async call(args) {
        const raw = (await client.callTool({ name: "RunHistory", arguments: args })) as CallToolResult;
        for (const block of raw.content) if (block.type === "text") transcript.push(block.text);
        transcript.push(JSON.stringify(raw.structuredContent));
        return { raw, body: raw.structuredContent as ResultBody };
      },
      async close() {
        await client.close().catch(() => {});
        await server.close();
      },
    };
    open.push(session);
    return session;
  };
  const closeAll = async () => {
    for (const session of open.splice(0)) await session.close();
    await store.close();
  };
  return { root, artifactsDir, store, seed, connect, closeAll };
}

/** An assistant event with text and tool calls. */
export function assistant(text: string, ...calls: { id: string; name: string; input?: unknown }[]): object {
  return {
    type: "assistant",
    message: {
      content: [
        ...(text ? [{ type: "text", text }] : []),
        ...calls.map((call) => ({ type: "tool_use", id: call.id, name: call.name, input: call.input ?? {} })),
      ],
    },
  };
}

/** A tool result event. */
export function toolResult(id: string, text: string, isError = false): object {
  return {
    type: "user",
    message: {
      content: [
        { type: "tool_result", tool_use_id: id, content: [{ type: "text", text }], is_error: isError },
      ],
    },
  };
}
