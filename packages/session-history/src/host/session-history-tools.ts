import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { evaluateTool, SESSION_HISTORY_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import type { ColdReseedMessage } from "../create-cold-reseed.js";
import type { SessionHistoryObserver } from "../create-session-history-observer.js";
import type { ObservedRun } from "../observed-run.js";
import type { SessionHistoryStore } from "../session-history-store.js";
import type { ToolHistoryWriter } from "../tool-history-writer.js";
import {
  createSessionHistoryServerFactory,
  type SessionHistoryServerFactoryOptions,
  type SessionHistoryServerScope,
} from "./create-session-history-server-factory.js";
import type { OpenSessionHistoryOptions, SessionHistoryService } from "./session-history-service.js";

/** What a reset and the SessionHistory tool need of a host's store (SQLite, or shared PostgreSQL). */
export type SessionHistoryToolsStore = SessionHistoryStore & {
  resetConversation(conversationId: string): number | Promise<number>;
};

/** The SessionHistory MCP server as a host serves it per run (the app: a request-scoped endpoint). */
export interface SessionHistoryToolServer {
  /** `mono-agent-session-history`. */
  serverName: string;
  /** Whether a run gets the server: the tool policy allows `SessionHistory`. */
  isOffered: () => boolean;
  /** A fresh MCP server bound to the run's (conversationId, runId). */
  createServer: (run: SessionHistoryServerScope) => McpServer;
}

/** How a host serves the SessionHistory server to its runs (the app's `requestScopedToolProvider`). */
export type ServeSessionHistory<Provider> = (server: SessionHistoryToolServer) => Provider;

/** Puts the cold reseed in front of a run's restored messages (see `SessionHistoryService.reseedHistory`). */
export type SessionHistoryAugmenter = <TMessage>(
  run: Pick<ObservedRun, "conversationId" | "runId" | "startedAt">,
  history: TMessage[],
) => (TMessage | ColdReseedMessage)[];

/** A host's session history as it composes it: observer, SessionHistory provider and cold reseed. */
export interface SessionHistoryTools<Provider> {
  /** The SQLite file; undefined when the sidecar is the shared PostgreSQL store. */
  readonly file: string | undefined;
  readonly store: SessionHistoryToolsStore;
  readonly writer: ToolHistoryWriter;
  readonly observers: SessionHistoryObserver[];
  readonly appToolProviders: Provider[];
  /** The cold reseed (SQLite only; none on PostgreSQL). */
  readonly historyAugmenters: SessionHistoryAugmenter[];
  /** How many dangling invocations of earlier processes were closed as `interrupted` at start. */
  readonly recoveredAtStart: number;
  /** Drains (bounded), stops the writer and closes the store (a shared pool stays open). Idempotent. */
  close(): Promise<void>;
}

/** Session history that could not be opened: the host starts without SessionHistory. */
export interface UnavailableSessionHistoryTools {
  error: Error;
  observers: [];
  appToolProviders: [];
  historyAugmenters: [];
  close(): Promise<void>;
}

/** What opening a host's session history tools takes. */
export interface OpenSessionHistoryToolsOptions<Provider> {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  policy: ToolPolicy;
  /** The host's secrets (default: the credential-named values of `env`). */
  secretScanner?: SecretScanner;
  serve: ServeSessionHistory<Provider>;
}

/**
 * The SessionHistory server of a store, offered when the tool policy allows `SessionHistory` (allow-all,
 * the name, its deprecated alias or an `mcp__mono-agent-session-history__…` spelling; deny wins), bound
 * per run to the run's (conversationId, runId).
 */
export function sessionHistoryToolServer(
  options: SessionHistoryServerFactoryOptions & { policy: ToolPolicy },
): SessionHistoryToolServer {
  return sessionHistoryServerOf(options.policy, createSessionHistoryServerFactory(options));
}

function sessionHistoryServerOf(
  policy: ToolPolicy,
  createServer: SessionHistoryService["createServer"],
): SessionHistoryToolServer {
  return {
    serverName: SESSION_HISTORY_SERVER_NAME,
    isOffered: () => evaluateTool(policy, "SessionHistory").decision === "offered",
    createServer,
  };
}

/** What session history is opened with: the artifacts folder, `runtime.session.rollover`, the host's secrets. */
export function sessionHistoryOptions(
  input: Pick<OpenSessionHistoryToolsOptions<unknown>, "loaded" | "env" | "secretScanner">,
): OpenSessionHistoryOptions {
  return {
    artifactsDir: input.loaded.artifactsDir,
    rollover: input.loaded.config.runtime.session?.rollover ?? "none",
    secretScanner: input.secretScanner ?? createSecretScanner({ env: input.env }),
  };
}

/**
 * The tools of an opened session history (or the {@link UnavailableSessionHistoryTools} of its error):
 * its observer, its SessionHistory server as `serve` provides it and, where it has one, the cold reseed.
 */
export function sessionHistoryToolsOf<Provider>(
  opened: SessionHistoryService<SessionHistoryToolsStore> | { error: Error },
  policy: ToolPolicy,
  serve: ServeSessionHistory<Provider>,
): SessionHistoryTools<Provider> | UnavailableSessionHistoryTools {
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
    appToolProviders: [serve(sessionHistoryServerOf(policy, opened.createServer))],
    historyAugmenters: reseedHistory ? [(info, history) => reseedHistory(info, history)] : [],
    close: () => opened.close(),
  };
}
