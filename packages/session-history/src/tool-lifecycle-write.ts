import type { ProjectedPayload } from "./project-tool-payload.js";
import type { TerminalState } from "./terminal-state.js";

/** Fields both records of a call carry. */
export interface ToolCallIdentity {
  /** Physical conversation id of the run. */
  readonly conversationId: string;
  readonly runId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  readonly runStartedAtMs: number;
  /** Records of isolated/proactive runs are returned only with `includeIsolated: true`. */
  readonly isolated: boolean;
}

/** The invocation record to write: the call's redacted arguments. */
export interface InvocationWrite extends ToolCallIdentity {
  readonly phase: "invocation";
  readonly sequence: number;
  readonly startedAtMs: number;
  readonly payload: ProjectedPayload;
}

/** The terminal result record to write. */
export interface ResultWrite extends ToolCallIdentity {
  readonly phase: "result";
  readonly sequence: number;
  readonly state: TerminalState;
  readonly failureKind?: string;
  readonly detailCode?: string;
  readonly endedAtMs: number;
  readonly executionMs?: number;
  readonly payload: ProjectedPayload;
  /**
   * Paths the result named as saved output. The store keeps only regular, non-symlink files beneath
   * the run's tool-output root (as opaque ids); anything else is dropped without touching it.
   */
  readonly artifactPaths: readonly string[];
}

/** One write handed to the sidecar writer. */
export type ToolLifecycleWrite = InvocationWrite | ResultWrite;
