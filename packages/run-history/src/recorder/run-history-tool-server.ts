import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createSecretScanner } from "@mono-agent/evidence";
import { evaluateTool, RUN_HISTORY_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import type { RunEventReader } from "../run-event.js";
import type { RunStore } from "../run-store.js";
import {
  createRunHistoryServerFactory,
  type RunHistoryServerFactoryOptions,
  type RunHistoryServerScope,
} from "./create-run-history-server-factory.js";

/** The RunHistory MCP server as a host serves it per run (the app: a request-scoped endpoint). */
export interface RunHistoryToolServer {
  /** `mono-agent-run-history`. */
  serverName: string;
  /** Whether a run gets the server: the tool policy allows `RunHistory`. */
  isOffered: () => boolean;
  /** A fresh MCP server bound to the run's own runId and conversationId. */
  createServer: (run: RunHistoryServerScope) => McpServer;
}

/**
 * The RunHistory server of a store, offered when the tool policy allows `RunHistory` (allow-all, the name,
 * its deprecated alias `run_history` or an `mcp__mono-agent-run-history__…` spelling; deny wins).
 */
export function runHistoryToolServer(
  options: RunHistoryServerFactoryOptions & { policy: ToolPolicy },
): RunHistoryToolServer {
  const createServer = createRunHistoryServerFactory(options);
  return {
    serverName: RUN_HISTORY_SERVER_NAME,
    isOffered: () => evaluateTool(options.policy, "RunHistory").decision === "offered",
    createServer,
  };
}

/**
 * The RunHistory server of a host, over the store its run recorder opened (none when recording is off:
 * there is then no history to read). Rollover from `runtime.session.rollover`, secrets from `env`.
 */
export function runHistoryToolServers(input: {
  loaded: LoadedConfig;
  env: EnvRecord;
  policy: ToolPolicy;
  store: RunStore | undefined;
  readEvents?: RunEventReader;
}): RunHistoryToolServer[] {
  if (!input.store) return [];
  return [
    runHistoryToolServer({
      store: input.store,
      ...(input.readEvents ? { readEvents: input.readEvents } : {}),
      artifactsDir: input.loaded.artifactsDir,
      policy: input.policy,
      rollover: input.loaded.config.runtime.session?.rollover ?? "none",
      secretScanner: createSecretScanner({ env: input.env }),
    }),
  ];
}
