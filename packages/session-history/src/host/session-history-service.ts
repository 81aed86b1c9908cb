import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { SecretScanner } from "@mono-agent/evidence";
import type { SessionRollover } from "../conversation-scope.js";
import type { ColdReseedMessage } from "../create-cold-reseed.js";
import type { SessionHistoryObserver } from "../create-session-history-observer.js";
import type { ObservedRun } from "../observed-run.js";
import type { SessionHistoryStore } from "../session-history-store.js";
import type { ToolHistoryWriter } from "../tool-history-writer.js";
import type { SessionHistoryServerScope } from "./create-session-history-server-factory.js";

/** What opening a host's session history takes. */
export interface OpenSessionHistoryOptions {
  /** `<artifacts.dir>`: artifact references are accepted beneath its `tool-output` folder. */
  artifactsDir: string;
  /** `runtime.session.rollover`. */
  rollover: SessionRollover;
  /** The host's secrets: redacted from every record and every answer. */
  secretScanner: SecretScanner;
}

/**
 * A host's session history, composed: the sidecar (store and writer), the observer that records every
 * run's tool calls, the SessionHistory server of a run, and (SQLite only) the cold reseed.
 */
export interface SessionHistoryService<TStore extends SessionHistoryStore = SessionHistoryStore> {
  /** The SQLite file; undefined when the sidecar is the shared PostgreSQL store. */
  readonly file: string | undefined;
  readonly store: TStore;
  readonly writer: ToolHistoryWriter;
  /** How many dangling invocations of earlier processes were closed as `interrupted` at start. */
  readonly recoveredAtStart: number;
  /** The run hooks that record tool calls. */
  readonly observer: SessionHistoryObserver;
  /** A fresh SessionHistory MCP server bound to one run (one per request). */
  createServer(run: SessionHistoryServerScope): McpServer;
  /**
   * Puts the cold reseed (see `createColdReseed`) in front of a run's restored messages. Absent on
   * PostgreSQL: the conversation messages are shared too, so a reseed would repeat them.
   */
  readonly reseedHistory?: <TMessage>(
    run: Pick<ObservedRun, "conversationId" | "runId" | "startedAt">,
    history: TMessage[],
  ) => (TMessage | ColdReseedMessage)[];
  /** Drains (bounded), stops the writer and closes the store (a shared pool stays open). Idempotent. */
  close(): Promise<void>;
}
