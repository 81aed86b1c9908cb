import type { TerminalRunStatus } from "../run-status.js";
import type { RunWarning } from "../run-summary.js";

/**
 * What the recorder needs to know about a run when it starts. A host's own run record (mono-agent's
 * `RunStartInfo`) satisfies it structurally.
 */
export interface RecordedRunInfo {
  runId: string;
  conversationId: string;
  startedAt: Date;
  /** The model reference the run uses. */
  modelRef: string;
  /** `source` is recorded as given; without it, the channel prefix of the conversation id (else `api`). */
  request: { input: string; source?: string };
}

/** A finished model message: its assistant text and tool calls are recorded, reasoning is left out. */
export interface RecordedMessageEnd {
  type: "message_end";
  message: unknown;
}

/** A tool call started: its start time is kept for the duration. */
export interface RecordedToolExecutionStart {
  type: "tool_execution_start";
  toolCallId: string;
  toolName: string;
}

/** A tool call finished: a `tool_result` and a `tool_timing` event are recorded. */
export interface RecordedToolExecutionEnd {
  type: "tool_execution_end";
  toolCallId: string;
  toolName: string;
  result: unknown;
  isError: boolean;
}

/**
 * A Pi agent event as the recorder reads it (pi-agent-core's `AgentEvent` satisfies it): the three
 * declared types are recorded, every other type is ignored.
 */
export type RecordableAgentEvent =
  | RecordedMessageEnd
  | RecordedToolExecutionStart
  | RecordedToolExecutionEnd
  | { readonly type: string };

/** How a run ended, as the recorder settles it (mono-agent's `RunResult` satisfies it). */
export interface RecordedRunEnd {
  status: TerminalRunStatus;
  durationMs: number;
  usage: { input: number; output: number; totalTokens: number; costUsd: number };
  mcpServersUsed: readonly string[];
  error?: { kind: string; message: string };
  finalText?: string;
}

/**
 * The run hooks that record runs (a mono-agent `RunObserver`). `TRunEvent` is the host's own event type;
 * the host's `warningOf` says which of its events become recorded warnings.
 */
export interface RunRecordingObserver<TRunEvent> {
  onRunStart(info: RecordedRunInfo): Promise<void>;
  onAgentEvent(info: RecordedRunInfo, event: RecordableAgentEvent): void;
  onRunEvent(info: RecordedRunInfo, event: TRunEvent): void;
  onRunEnd(info: RecordedRunInfo, result: RecordedRunEnd): Promise<void>;
}

/** A warning to record for a host event: kind, message and, when it concerns one, the server. */
export type RecordedWarning = RunWarning;
