import { join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import type { ToolPolicy } from "@mono-agent/policy";
import {
  openToolHistoryStore,
  type SqliteToolHistoryStore,
  startToolHistoryWriter,
  type ToolHistoryWriter,
  toolHistoryFile,
} from "@mono-agent/session-history/sqlite";
import type { AppToolProvider } from "./app-tool-provider.js";
import type { RunObserver } from "./run-hooks.js";
import { createSessionHistoryObserver } from "./session-history-observer.js";
import { sessionHistoryToolProvider } from "./session-history-provider.js";
import { createColdReseedAugmenter, type HistoryAugmenter } from "./session-history-reseed.js";

/** The tool-lifecycle sidecar as startMonoAgentApp composes it. */
export interface SessionHistorySidecar {
  readonly file: string;
  readonly store: SqliteToolHistoryStore;
  readonly writer: ToolHistoryWriter;
  readonly observers: RunObserver[];
  readonly appToolProviders: AppToolProvider[];
  readonly historyAugmenters: HistoryAugmenter[];
  /** How many dangling invocations of earlier processes were closed as `interrupted` at start. */
  readonly recoveredAtStart: number;
  /** Drains (bounded), stops the writer thread and closes the store. Idempotent. */
  close(): Promise<void>;
}

/** Where the sidecar of a loaded config lives: `<artifacts.dir>/../history/tool-history/tool-lifecycles.sqlite`. */
export function sessionHistoryFile(loaded: LoadedConfig): string {
  return toolHistoryFile(loaded.artifactsDir);
}

/**
 * Opens the sidecar: store (migrated), crash recovery (dangling invocations of dead or closed writers
 * become `interrupted`, never rerun), one retention pass, then the worker-thread writer. Returns the
 * observer, the SessionHistory provider and the cold-reseed augmenter to compose. When the sidecar
 * cannot be opened, returns empty lists and the error, so the app still starts without SessionHistory.
 */
export function openSessionHistorySidecar(input: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  policy: ToolPolicy;
  /** The host's secrets (default: the credential-named values of `env`). */
  secretScanner?: SecretScanner;
}):
  | SessionHistorySidecar
  | { error: Error; observers: []; appToolProviders: []; historyAugmenters: []; close(): Promise<void> } {
  const file = sessionHistoryFile(input.loaded);
  const toolOutputRoot = join(input.loaded.artifactsDir, "tool-output");
  let store: SqliteToolHistoryStore;
  let recoveredAtStart = 0;
  try {
    store = openToolHistoryStore({ file, toolOutputRoot });
    recoveredAtStart = store.recoverInterrupted();
    store.applyRetention();
  } catch (error) {
    return {
      error: error instanceof Error ? error : new Error(String(error)),
      observers: [],
      appToolProviders: [],
      historyAugmenters: [],
      close: async () => {},
    };
  }
  const writer = startToolHistoryWriter({ file, toolOutputRoot });
  const secretScanner = input.secretScanner ?? createSecretScanner({ env: input.env });
  const rollover = input.loaded.config.runtime.session?.rollover ?? "none";
  let closing: Promise<void> | undefined;
  return {
    file,
    store,
    writer,
    recoveredAtStart,
    observers: [createSessionHistoryObserver({ writer, secretScanner })],
    appToolProviders: [sessionHistoryToolProvider({ store, policy: input.policy, rollover, secretScanner })],
    historyAugmenters: [createColdReseedAugmenter(store, rollover)],
    close() {
      closing ??= writer.close().finally(() => store.close());
      return closing;
    },
  };
}
