import { evaluateTool, SESSION_HISTORY_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import {
  createSessionHistoryServerFactory,
  type SessionHistoryServerFactoryOptions,
  type SessionHistoryService,
} from "@mono-agent/session-history/sqlite";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/** Options of {@link sessionHistoryToolProvider}: the server factory's, and the tool policy. */
export interface SessionHistoryToolProviderOptions extends SessionHistoryServerFactoryOptions {
  policy: ToolPolicy;
}

/**
 * SessionHistory as an app-owned tool: offered when the tool policy allows `SessionHistory` (allow-all,
 * the name, its deprecated alias or an `mcp__mono-agent-session-history__…` spelling; deny wins), served
 * per run on a request-scoped loopback endpoint bound to the run's (conversationId, runId).
 */
export function sessionHistoryToolProvider(options: SessionHistoryToolProviderOptions): AppToolProvider {
  return sessionHistoryServedBy(options.policy, createSessionHistoryServerFactory(options));
}

/** {@link sessionHistoryToolProvider} over the servers of an opened session history. */
export function sessionHistoryServedBy(
  policy: ToolPolicy,
  createServer: SessionHistoryService["createServer"],
): AppToolProvider {
  return requestScopedToolProvider({
    serverName: SESSION_HISTORY_SERVER_NAME,
    isOffered: () => evaluateTool(policy, "SessionHistory").decision === "offered",
    createServer,
  });
}
