import type { LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import type { ToolPolicy } from "@mono-agent/policy";
import { createSessionHistoryObserver, type SessionHistoryStore } from "@mono-agent/session-history";
import {
  openToolHistorySidecar,
  type ToolHistoryWriter,
  toolHistoryFile,
} from "@mono-agent/session-history/sqlite";
import type { RunObserver } from "../run/run-observer.js";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { sessionHistoryToolProvider } from "./session-history-provider.js";
import { createColdReseedAugmenter, type HistoryAugmenter } from "./session-history-reseed.js";

/** What a reset and the SessionHistory tool need of a sidecar's store (SQLite, or shared PostgreSQL). */
export type SidecarStore = SessionHistoryStore & {
  resetConversation(conversationId: string): number | Promise<number>;
};

/** The tool-lifecycle sidecar as startMonoAgentApp composes it. */
export interface SessionHistorySidecar {
  /** The SQLite file; undefined when the sidecar is the shared PostgreSQL store. */
  readonly file: string | undefined;
  readonly store: SidecarStore;
  readonly writer: ToolHistoryWriter;
  readonly observers: RunObserver[];
  readonly appToolProviders: AppToolProvider[];
  readonly historyAugmenters: HistoryAugmenter[];
  /** How many dangling invocations of earlier processes were closed as `interrupted` at start. */
  readonly recoveredAtStart: number;
  /** Drains (bounded), stops the writer and closes the store (a shared pool stays open). Idempotent. */
  close(): Promise<void>;
}

/** What opening a sidecar takes. */
export interface SessionHistorySidecarInput {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  policy: ToolPolicy;
  /** The host's secrets (default: the credential-named values of `env`). */
  secretScanner?: SecretScanner;
}

/** A sidecar that could not be opened: the app starts without SessionHistory. */
export interface UnavailableSidecar {
  error: Error;
  observers: [];
  appToolProviders: [];
  historyAugmenters: [];
  close(): Promise<void>;
}

/** The {@link UnavailableSidecar} of `error`. */
export function unavailableSidecar(error: unknown): UnavailableSidecar {
  return {
    error: error instanceof Error ? error : new Error(String(error)),
    observers: [],
    appToolProviders: [],
    historyAugmenters: [],
    close: async () => {},
  };
}

/** Where the sidecar of a loaded config lives: `<artifacts.dir>/../history/tool-history/tool-lifecycles.sqlite`. */
export function sessionHistoryFile(loaded: LoadedConfig): string {
  return toolHistoryFile(loaded.artifactsDir);
}

/**
 * Opens the sidecar (`openToolHistorySidecar`: store, crash recovery, one retention pass, writer) and
 * composes its observer, the SessionHistory provider and the cold-reseed augmenter. When the sidecar
 * cannot be opened, returns empty lists and the error, so the app still starts without SessionHistory.
 */
export function openSessionHistorySidecar(
  input: SessionHistorySidecarInput,
): SessionHistorySidecar | UnavailableSidecar {
  const opened = openToolHistorySidecar({ artifactsDir: input.loaded.artifactsDir });
  if ("error" in opened) return unavailableSidecar(opened.error);
  const { store, writer } = opened;
  const secretScanner = input.secretScanner ?? createSecretScanner({ env: input.env });
  const rollover = input.loaded.config.runtime.session?.rollover ?? "none";
  return {
    file: opened.file,
    store,
    writer,
    recoveredAtStart: opened.recoveredAtStart,
    observers: [createSessionHistoryObserver({ writer, secretScanner })],
    appToolProviders: [sessionHistoryToolProvider({ store, policy: input.policy, rollover, secretScanner })],
    historyAugmenters: [createColdReseedAugmenter(store, rollover)],
    close: () => opened.close(),
  };
}
