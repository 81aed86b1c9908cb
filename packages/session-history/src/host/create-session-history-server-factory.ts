import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { SecretScanner } from "@mono-agent/evidence";
import { shortDigest } from "@mono-agent/evidence/node";
import type { SessionRollover } from "../conversation-scope.js";
import { createSessionHistoryServer } from "../create-session-history-server.js";
import type { SessionHistoryStore } from "../session-history-store.js";

/** Options of {@link createSessionHistoryServerFactory}. */
export interface SessionHistoryServerFactoryOptions {
  store: SessionHistoryStore;
  /** `runtime.session.rollover`: with `daily`, every `#YYYY-MM-DD` bucket of a conversation is one scope. */
  rollover: SessionRollover;
  /** Re-applied to every returned preview and chunk. */
  secretScanner?: SecretScanner;
}

/** The run a SessionHistory server is bound to: only its own (conversationId, runId) pair is blocked. */
export interface SessionHistoryServerScope {
  runId: string;
  conversationId: string;
}

/**
 * The SessionHistory MCP server of a host, one fresh server per request of a run (what a request-scoped
 * endpoint asks for), bound to the run's (conversationId, runId), with cursors bound by `shortDigest`.
 * Node-only (`node:crypto`): on the `./sqlite` and `./postgres` subpaths.
 */
export function createSessionHistoryServerFactory(
  options: SessionHistoryServerFactoryOptions,
): (run: SessionHistoryServerScope) => McpServer {
  return (run) =>
    createSessionHistoryServer({
      store: options.store,
      conversationId: run.conversationId,
      runId: run.runId,
      rollover: options.rollover,
      digest: shortDigest,
      ...(options.secretScanner ? { secretScanner: options.secretScanner } : {}),
    });
}
