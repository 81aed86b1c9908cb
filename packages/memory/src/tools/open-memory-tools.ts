import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { createNodeAuthenticatedCursorCodec } from "@mono-agent/evidence/node";
import {
  evaluateTool,
  MEMORY_JOURNAL_SERVER_NAME,
  MEMORY_RECALL_SERVER_NAME,
  MEMORY_WRITE_SERVER_NAME,
  type MemoryAvailability,
  type ToolDecision,
  type ToolPolicy,
} from "@mono-agent/policy";
import { createMemoryJournalRunState, type MemoryJournalRunState } from "../journal-run-state.js";
import type { JournalMemoryStore } from "../journal/journal-store.js";
import type { LiteMemoryStore } from "../lite/index.js";
import { createMemoryJournalServer } from "../memory-journal-server.js";
import { createMemoryRecallServer } from "../memory-recall-server.js";
import type { MemoryStore } from "../memory-store.js";
import { createRememberServer } from "../remember-server.js";
import {
  type MemoryStoreConfig,
  openConfiguredMemoryStore,
  openConfiguredRemoteStore,
} from "./open-configured-memory-store.js";

/** What the memory tools read of a loaded mono-agent config (`LoadedConfig` of @mono-agent/config fits). */
export interface MemoryToolsConfig {
  readonly config: {
    readonly memory?: MemoryStoreConfig & {
      readonly recallTool: { readonly enabled?: boolean };
      readonly rememberTool: { readonly enabled?: boolean };
    };
  };
  /** The memory folder; undefined when no memory block is configured. */
  readonly memoryDir?: string;
}

/** One memory tool's MCP server, as a host serves it per run (the app: a request-scoped endpoint). */
export interface MemoryToolServer<Run extends { runId: string }> {
  /** The server name the tool is injected under (`mono-agent-memory`, ...). */
  serverName: string;
  /** Whether a run gets the server (policy, switches, store capabilities). */
  isOffered: (run: Run) => boolean;
  /** A fresh MCP server, bound to this run. */
  createServer: (run: Run) => McpServer;
  /** Called once when the run settles. */
  onRunSettled?: (run: Run) => void;
}

/** The memory tool names in the order they are composed. */
export const MEMORY_TOOL_NAMES = ["MemoryRecall", "MemoryJournal", "Remember"] as const;

/** The availability facts policy needs about memory, from the config and the open store's flags. */
export function memoryAvailability(
  loaded: MemoryToolsConfig,
  store: Pick<MemoryStore, "capabilities"> | undefined,
): MemoryAvailability {
  const memory = loaded.config.memory;
  return {
    configured: memory !== undefined && loaded.memoryDir !== undefined,
    recallEnabled: memory?.recallTool.enabled === true,
    rememberEnabled: memory?.rememberTool.enabled !== false,
    supportsRemember: store?.capabilities.supportsRemember === true,
    supportsJournalBrowse: store?.capabilities.supportsJournalBrowse === true,
    readOnly: store?.capabilities.readOnly === true,
  };
}

/** Policy decisions for MemoryRecall, MemoryJournal and Remember under this config and store. */
export function memoryToolDecisions(
  policy: ToolPolicy,
  availability: MemoryAvailability,
): Record<(typeof MEMORY_TOOL_NAMES)[number], ToolDecision> {
  const decide = (name: (typeof MEMORY_TOOL_NAMES)[number]) =>
    evaluateTool(policy, name, { memory: availability });
  return {
    MemoryRecall: decide("MemoryRecall"),
    MemoryJournal: decide("MemoryJournal"),
    Remember: decide("Remember"),
  };
}

/** The memory store and its tool providers for one app. */
export interface MemoryTools<Provider> {
  /** The open store: lite, journal, or the remote Supermemory store (recall only). */
  readonly store: LiteMemoryStore | JournalMemoryStore | (MemoryStore & { close(): void }) | undefined;
  readonly providers: Provider[];
  close(): void;
}

/**
 * Opens the configured store (lite or journal) when a memory block is configured and returns one provider (`serve` of its
 * server) per memory tool: MemoryRecall (`mono-agent-memory`, gated by memory.recallTool.enabled
 * only), MemoryJournal (`mono-agent-memory-journal`, recall switch + browse capability + policy) and
 * Remember (`mono-agent-memory-write`, remember switch + write capability + policy).
 */
export function openMemoryTools<Provider, Run extends { runId: string }>(options: {
  loaded: MemoryToolsConfig;
  policy: ToolPolicy;
  env: Readonly<Record<string, string | undefined>>;
  /** The host's secrets Remember refuses to store (default: the credential-named values of `env`). */
  secretScanner?: SecretScanner;
  /** How the host serves one tool server to its runs (the app's `requestScopedToolProvider`). */
  serve: (server: MemoryToolServer<Run>) => Provider;
  /** Test hook: the fetch the embeddings client uses. */
  fetch?: typeof fetch;
}): MemoryTools<Provider> {
  const { loaded, policy, env, serve } = options;
  if (!loaded.config.memory || !loaded.memoryDir) return { store: undefined, providers: [], close() {} };
  const memory = loaded.config.memory;
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const store =
    memory.backend === "supermemory"
      ? openConfiguredRemoteStore({ memory, env, ...fetchOption })
      : openConfiguredMemoryStore({
          memory,
          root: loaded.memoryDir,
          env,
          announceRuntime: true,
          ...fetchOption,
        });
  const decisions = memoryToolDecisions(policy, memoryAvailability(loaded, store));
  const offered = (name: (typeof MEMORY_TOOL_NAMES)[number]) => decisions[name].decision === "offered";
  const secretScanner = options.secretScanner ?? createSecretScanner({ env });
  const cursorCodec = createNodeAuthenticatedCursorCodec();
  const journalRuns = new Map<string, MemoryJournalRunState>();
  const journalState = (runId: string) => {
    let state = journalRuns.get(runId);
    if (!state) {
      state = createMemoryJournalRunState({ runId, cursorCodec });
      journalRuns.set(runId, state);
    }
    return state;
  };
  const providers = [
    serve({
      serverName: MEMORY_RECALL_SERVER_NAME,
      isOffered: () => offered("MemoryRecall"),
      createServer: () => createMemoryRecallServer({ store, env }),
    }),
    serve({
      serverName: MEMORY_JOURNAL_SERVER_NAME,
      isOffered: () => offered("MemoryJournal"),
      createServer: (run) => createMemoryJournalServer({ store, run: journalState(run.runId), env }),
      onRunSettled: (run) => {
        journalRuns.delete(run.runId);
      },
    }),
    serve({
      serverName: MEMORY_WRITE_SERVER_NAME,
      isOffered: () => offered("Remember"),
      createServer: () => createRememberServer({ store, secretScanner }),
    }),
  ];
  return { store, providers, close: () => store.close() };
}
