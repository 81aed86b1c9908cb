import type { LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import type { ToolPolicy } from "@mono-agent/policy";
import type { SessionHistoryStore } from "@mono-agent/session-history";
import {
  type OpenSessionHistoryOptions,
  openSessionHistory,
  type SessionHistoryService,
  type ToolHistoryWriter,
  toolHistoryFile,
} from "@mono-agent/session-history/sqlite";
import type { HistoryAugmenter, RunObserver } from "../run/run-observer.js";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { sessionHistoryServedBy } from "./session-history-provider.js";

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

/** Where the sidecar of a loaded config lives: `<artifacts.dir>/../history/tool-history/tool-lifecycles.sqlite`. */
export function sessionHistoryFile(loaded: LoadedConfig): string {
  return toolHistoryFile(loaded.artifactsDir);
}

/** What session-history is opened with: the artifacts folder, `runtime.session.rollover`, the host's secrets. */
export function sessionHistoryOptions(input: SessionHistorySidecarInput): OpenSessionHistoryOptions {
  return {
    artifactsDir: input.loaded.artifactsDir,
    rollover: input.loaded.config.runtime.session?.rollover ?? "none",
    secretScanner: input.secretScanner ?? createSecretScanner({ env: input.env }),
  };
}

/**
 * The sidecar of an opened session history (or the {@link UnavailableSidecar} of its error), composed as
 * the app's observer, SessionHistory provider and, where it has one, cold-reseed augmenter.
 */
export function sidecarOf(
  opened: SessionHistoryService<SidecarStore> | { error: Error },
  policy: ToolPolicy,
): SessionHistorySidecar | UnavailableSidecar {
  if ("error" in opened)
    return {
      error: opened.error,
      observers: [],
      appToolProviders: [],
      historyAugmenters: [],
      close: async () => {},
    };
  const { reseedHistory } = opened;
  return {
    file: opened.file,
    store: opened.store,
    writer: opened.writer,
    recoveredAtStart: opened.recoveredAtStart,
    observers: [opened.observer],
    appToolProviders: [sessionHistoryServedBy(policy, opened.createServer)],
    historyAugmenters: reseedHistory ? [(info, history) => reseedHistory(info, history)] : [],
    close: () => opened.close(),
  };
}

/**
 * Opens the sidecar (`openSessionHistory`: store, crash recovery, one retention pass, writer, observer,
 * server, cold reseed). When the sidecar cannot be opened, returns empty lists and the error, so the app
 * still starts without SessionHistory.
 */
export function openSessionHistorySidecar(
  input: SessionHistorySidecarInput,
): SessionHistorySidecar | UnavailableSidecar {
  return sidecarOf(openSessionHistory(sessionHistoryOptions(input)), input.policy);
}
