import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { createNodeAuthenticatedCursorCodec } from "@mono-agent/evidence/node";
import {
  createMemoryJournalRunState,
  createMemoryJournalServer,
  createMemoryRecallServer,
  createRememberServer,
  type MemoryJournalRunState,
  type MemoryStore,
} from "@mono-agent/memory";
import { type LiteMemoryStore, openLiteMemoryStore } from "@mono-agent/memory/lite";
import {
  evaluateTool,
  MEMORY_JOURNAL_SERVER_NAME,
  MEMORY_RECALL_SERVER_NAME,
  MEMORY_WRITE_SERVER_NAME,
  type MemoryAvailability,
  type ToolDecision,
  type ToolPolicy,
} from "@mono-agent/policy";
import type { AppToolProvider } from "./app-tool-provider.js";
import { requestScopedToolProvider } from "./request-scoped-tool-provider.js";

/** The memory tool names in the order they are composed. */
export const MEMORY_TOOL_NAMES = ["MemoryRecall", "MemoryJournal", "Remember"] as const;

/** The availability facts policy needs about memory, from the config and the open store's flags. */
export function memoryAvailability(
  loaded: LoadedConfig,
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
export interface MemoryTools {
  readonly store: LiteMemoryStore | undefined;
  readonly providers: AppToolProvider[];
  close(): void;
}

/**
 * Opens the lite store when a memory block is configured and returns one request-scoped provider per
 * memory tool the policy offers: MemoryRecall (`mono-agent-memory`, gated by memory.recallTool.enabled
 * only), MemoryJournal (`mono-agent-memory-journal`, recall switch + browse capability + policy) and
 * Remember (`mono-agent-memory-write`, remember switch + write capability + policy).
 */
export function openMemoryTools(options: {
  loaded: LoadedConfig;
  policy: ToolPolicy;
  env: EnvRecord;
  /** The host's secrets Remember refuses to store (default: the credential-named values of `env`). */
  secretScanner?: SecretScanner;
}): MemoryTools {
  const { loaded, policy, env } = options;
  if (!loaded.config.memory || !loaded.memoryDir) return { store: undefined, providers: [], close() {} };
  const store = openLiteMemoryStore({ root: loaded.memoryDir, announceRuntime: true });
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
    requestScopedToolProvider({
      serverName: MEMORY_RECALL_SERVER_NAME,
      isOffered: () => offered("MemoryRecall"),
      createServer: () => createMemoryRecallServer({ store, env }),
    }),
    requestScopedToolProvider({
      serverName: MEMORY_JOURNAL_SERVER_NAME,
      isOffered: () => offered("MemoryJournal"),
      createServer: (run) => createMemoryJournalServer({ store, run: journalState(run.runId), env }),
      onRunSettled: (run) => {
        journalRuns.delete(run.runId);
      },
    }),
    requestScopedToolProvider({
      serverName: MEMORY_WRITE_SERVER_NAME,
      isOffered: () => offered("Remember"),
      createServer: () => createRememberServer({ store, secretScanner }),
    }),
  ];
  return { store, providers, close: () => store.close() };
}
