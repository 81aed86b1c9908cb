import type { SecretScanner } from "@mono-agent/evidence";
import { shortDigest } from "@mono-agent/evidence/node";
import { evaluateTool, SESSION_HISTORY_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import {
  createSessionHistoryServer,
  type SessionHistoryStore,
  type SessionRollover,
} from "@mono-agent/session-history";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/** Options of {@link sessionHistoryToolProvider}. */
export interface SessionHistoryToolProviderOptions {
  store: SessionHistoryStore;
  policy: ToolPolicy;
  rollover: SessionRollover;
  secretScanner?: SecretScanner;
}

/**
 * SessionHistory as an app-owned tool: offered when the tool policy allows `SessionHistory` (allow-all,
 * the name, its deprecated alias or an `mcp__mono-agent-session-history__…` spelling; deny wins), served
 * per run on a request-scoped loopback endpoint bound to the run's (conversationId, runId).
 */
export function sessionHistoryToolProvider(options: SessionHistoryToolProviderOptions): AppToolProvider {
  return requestScopedToolProvider({
    serverName: SESSION_HISTORY_SERVER_NAME,
    isOffered: () => evaluateTool(options.policy, "SessionHistory").decision === "offered",
    createServer: (run) =>
      createSessionHistoryServer({
        store: options.store,
        conversationId: run.conversationId,
        runId: run.runId,
        rollover: options.rollover,
        digest: shortDigest,
        ...(options.secretScanner ? { secretScanner: options.secretScanner } : {}),
      }),
  });
}
