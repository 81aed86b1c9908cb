import type { AgentEvent, AgentMessage } from "@earendil-works/pi-agent-core";
import type { RunServerSpec } from "@mono-agent/mcp-bridge";
import type { RunRequest, RunResult } from "./run-agent.js";
import type { RunEvent } from "./run-events.js";

/** What every hook learns about the run when it starts. */
export interface RunStartInfo {
  runId: string;
  conversationId: string;
  /** The model reference the run uses (`runtime.model` or the request's override). */
  modelRef: string;
  request: RunRequest;
  startedAt: Date;
  signal: AbortSignal;
}

/**
 * Watches runs without changing them: the run recorder, the tool-lifecycle sidecar, live UIs.
 * Hook failures are reported as run warnings and never fail the run.
 */
export interface RunObserver {
  onRunStart?(info: RunStartInfo): void | Promise<void>;
  /** Every Pi agent event, in order (full tool arguments and results). */
  onAgentEvent?(info: RunStartInfo, event: AgentEvent): void | Promise<void>;
  /** Every run event, in order (what `--json` prints). */
  onRunEvent?(info: RunStartInfo, event: RunEvent): void;
  /** Called once with the outcome, before the MCP clients are closed; awaited (bounded by the observer). */
  onRunEnd?(info: RunStartInfo, result: RunResult): void | Promise<void>;
}

/** Adds to (or changes) the messages handed to the Pi session; see `RunAgentDependencies.historyAugmenters`. */
export type HistoryAugmenter = (info: RunStartInfo, history: AgentMessage[]) => AgentMessage[];

/** The server specs of a run at one stage of preparation, and how to undo that stage. */
export interface PreparedServers {
  servers: RunServerSpec[];
  /** Warnings to report on the run (each names what it concerns). */
  warnings?: { kind: string; message: string; serverName?: string }[];
  /** Runs after the runtime and every MCP client have settled, in reverse order of preparation. */
  cleanup?(): Promise<void>;
}

/**
 * One stage of per-run server preparation, applied after the declared servers are merged and resolved
 * and before app-owned servers are added: the request-context overlay, the continuation-claim overlay.
 * It returns new specs (never mutating its input). Throwing refuses the run before any model call;
 * the error's `code` becomes the run's failure kind.
 */
export type RunServerPreparer = (
  info: RunStartInfo,
  servers: readonly RunServerSpec[],
) => Promise<PreparedServers>;
