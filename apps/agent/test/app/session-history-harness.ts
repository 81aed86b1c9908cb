import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createToolPolicy, type ToolPolicy } from "@mono-agent/policy";
import { invocationWrite, resultWrite, type SessionRollover } from "@mono-agent/session-history";
import {
  openToolHistoryStore,
  type SqliteToolHistoryStore,
  toolHistoryFile,
} from "@mono-agent/session-history/sqlite";
import { sessionHistoryToolProvider } from "../../src/app/history/session-history-provider.js";

/** One call to record directly in the sidecar (what the observer writes for a pi tool call). */
export interface RecordedCall {
  conversationId?: string;
  runId: string;
  toolCallId: string;
  toolName?: string;
  args?: unknown;
  result?: unknown;
  isError?: boolean;
  isolated?: boolean;
  runStartedAtMs?: number;
  startedAtMs?: number;
  /** Leave the call without a result (a dangling invocation). */
  dangling?: boolean;
}

/** A structured SessionHistory result, read loosely in assertions. */
// biome-ignore lint/suspicious/noExplicitAny: test assertions walk arbitrary JSON
export type ResultBody = Record<string, any>;

/** A SessionHistory session over the live loopback endpoint, through a real MCP client. */
export interface ConnectedSessionHistory {
  url: string;
  client: Client;
  call(args: Record<string, unknown>): Promise<{ raw: CallToolResult; body: ResultBody }>;
  close(): Promise<void>;
}

export const OWNER = "test-owner";

/** A temp agent layout with an open sidecar store. */
export function openHarness() {
  const root = mkdtempSync(join(tmpdir(), "session-history-"));
  const artifactsDir = join(root, ".mono-agent", "artifacts");
  const toolOutputRoot = join(artifactsDir, "tool-output");
  const file = toolHistoryFile(artifactsDir);
  const store: SqliteToolHistoryStore = openToolHistoryStore({ file, toolOutputRoot });
  store.registerOwner(OWNER, process.pid, Date.now());
  let sequence = 0;
  const baseMs = Date.now() - 3_600_000;
  const record = (call: RecordedCall) => {
    const runStartedAtMs = call.runStartedAtMs ?? baseMs;
    const startedAtMs = call.startedAtMs ?? runStartedAtMs + ++sequence;
    const identity = {
      conversationId: call.conversationId ?? "cli:default",
      runId: call.runId,
      toolCallId: call.toolCallId,
      toolName: call.toolName ?? "Read",
      runStartedAtMs,
      isolated: call.isolated === true,
    };
    store.writeInvocation(
      invocationWrite(identity, { sequence: 1, startedAtMs, args: call.args ?? {} }),
      OWNER,
    );
    if (call.dangling) return;
    store.writeResult(
      resultWrite(identity, {
        sequence: 2,
        startedAtMs,
        endedAtMs: startedAtMs + 5,
        result: call.result ?? { content: [{ type: "text", text: "ok" }] },
        isError: call.isError === true,
      }),
      OWNER,
    );
  };
  const connect = async (input: {
    conversationId?: string;
    runId: string;
    rollover?: SessionRollover;
    policy?: ToolPolicy;
  }): Promise<ConnectedSessionHistory> => {
    const provider = sessionHistoryToolProvider({
      store,
      policy: input.policy ?? createToolPolicy({}),
      rollover: input.rollover ?? "none",
    });
    const provided = await provider({
      runId: input.runId,
      conversationId: input.conversationId ?? "cli:default",
      signal: new AbortController().signal,
    });
    const url = provided.servers[0]?.transport === "http" ? provided.servers[0].url : "";
    const client = new Client({ name: "session-history-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return {
      url,
      client,
      async call(args) {
        const raw = (await client.callTool({ name: "SessionHistory", arguments: args })) as CallToolResult;
        return { raw, body: raw.structuredContent as ResultBody };
      },
      async close() {
        await client.close().catch(() => {});
        await provided.cleanup();
      },
    };
  };
  return { root, artifactsDir, toolOutputRoot, file, store, record, connect };
}
