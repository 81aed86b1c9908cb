import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { shortDigest } from "@mono-agent/evidence/node";
import { tempDir } from "@mono-agent/test-utils";
import {
  createSessionHistoryServer,
  invocationWrite,
  resultWrite,
  type SessionRollover,
} from "../src/index.js";
import { openToolHistoryStore, type SqliteToolHistoryStore, toolHistoryFile } from "../src/sqlite/index.js";

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

/** A SessionHistory session through a real MCP client, over the SDK's in-memory transport. */
export interface ConnectedSessionHistory {
  client: Client;
  call(args: Record<string, unknown>): Promise<{ raw: CallToolResult; body: ResultBody }>;
  close(): Promise<void>;
}

export const OWNER = "test-owner";

/** A temp agent layout with an open sidecar store. */
export function openHarness() {
  const root = tempDir("session-history-");
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
  }): Promise<ConnectedSessionHistory> => {
    const server = createSessionHistoryServer({
      store,
      conversationId: input.conversationId ?? "cli:default",
      runId: input.runId,
      rollover: input.rollover ?? "none",
      digest: shortDigest,
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: "session-history-test", version: "1.0.0" });
    await client.connect(clientTransport);
    return {
      client,
      async call(args) {
        const raw = (await client.callTool({ name: "SessionHistory", arguments: args })) as CallToolResult;
        return { raw, body: raw.structuredContent as ResultBody };
      },
      async close() {
        await client.close().catch(() => {});
        await server.close();
      },
    };
  };
  return { root, artifactsDir, toolOutputRoot, file, store, record, connect };
}
