import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { SecretScanner } from "@mono-agent/evidence";
import { shortDigest } from "@mono-agent/evidence/node";
import type { RunEventReader } from "../run-event.js";
import type { RunHistoryRollover } from "../run-history-context.js";
import { createRunSearchCache } from "../run-history-search-cache.js";
import { createRunHistoryServer } from "../run-history-server.js";
import type { RunStore } from "../run-store.js";
import { createRunEventReader } from "../sqlite/run-events-file.js";

/** Options of {@link createRunHistoryServerFactory}. */
export interface RunHistoryServerFactoryOptions {
  /** The run store the recorder writes (reused, never opened a second time). */
  store: RunStore;
  /** `<artifacts.dir>`: where `run-<runId>.events.jsonl` files are read; never shown to the model. */
  artifactsDir: string;
  /** Reads a run's events; default the events files of `artifactsDir` (PostgreSQL: the `run_events` table). */
  readEvents?: RunEventReader;
  /** `runtime.session.rollover`: with `daily`, every `#YYYY-MM-DD` bucket of the run's conversation is in scope. */
  rollover: RunHistoryRollover;
  /** Scanner with the host's configured credential values. */
  secretScanner?: SecretScanner;
}

/** The run a RunHistory server is bound to: it answers about the other runs of its conversation. */
export interface RunHistoryServerScope {
  runId: string;
  conversationId: string;
}

/**
 * The RunHistory MCP server of a host, one fresh server per request of a run (what a request-scoped
 * endpoint asks for): bound to the run's own runId and conversationId, with one search cache shared by
 * every run, cursors bound by `shortDigest`, and the artifacts folder kept private.
 */
export function createRunHistoryServerFactory(
  options: RunHistoryServerFactoryOptions,
): (run: RunHistoryServerScope) => McpServer {
  const readEvents = options.readEvents ?? createRunEventReader(options.artifactsDir);
  const searchCache = createRunSearchCache();
  return (run) =>
    createRunHistoryServer({
      store: options.store,
      readEvents,
      runId: run.runId,
      conversationId: run.conversationId,
      rollover: options.rollover,
      digest: shortDigest,
      searchCache,
      privatePaths: [options.artifactsDir],
      ...(options.secretScanner ? { secretScanner: options.secretScanner } : {}),
    });
}
