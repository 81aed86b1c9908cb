/** A text block of a recorded assistant message or tool result. */
export interface RunTextBlock {
  type: "text";
  text: string;
}

/** A tool call the model made: `input` holds the full (redacted, bounded) arguments. */
export interface RunToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}

/** The result of one tool call. */
export interface RunToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: RunTextBlock[];
  is_error: boolean;
  /** Wall time of the call for MCP tools (`mcp__server__tool`): reference §4.1. */
  mcp_call_duration_ms?: number;
}

/**
 * One line of `run-<runId>.events.jsonl` (reference §4.1 shapes), plus `at`, the ISO time it was
 * recorded:
 * - `assistant`: one model message, its text and tool calls (reasoning is not recorded);
 * - `user`: tool results sent back to the model;
 * - `runtime_warning`: a warning reported on the run;
 * - `tool_timing`: how long a tool call took (`execution_ms`);
 * - `run_failure`: why a run did not succeed (its last line then).
 */
export type RunEvent =
  | { type: "assistant"; message: { content: (RunTextBlock | RunToolUseBlock)[] }; at?: string }
  | { type: "user"; message: { content: RunToolResultBlock[] }; at?: string }
  | { type: "runtime_warning"; warning_kind: string; message: string; server_name?: string; at?: string }
  | { type: "tool_timing"; tool_use_id: string; name: string; execution_ms: number; at?: string }
  | { type: "run_failure"; failure_kind: string; message: string; at?: string };

/** Every `type` of {@link RunEvent}. */
export const RUN_EVENT_TYPES = [
  "assistant",
  "user",
  "runtime_warning",
  "tool_timing",
  "run_failure",
] as const;

/** An events-file line that could not be read as an event. */
export interface BadEventLine {
  /** 1-based line number in the file. */
  line: number;
  /** Why: `not JSON`, `not an event object`, `unknown event type "x"`, `truncated final line`. */
  reason: string;
}

/** What a bounded read of a run's events file found. */
export interface RunEventsRead {
  runId: string;
  /** False when the run has no events file (never written, or removed). */
  exists: boolean;
  /** Events kept, in file order: all of them, or the head and tail of a longer file. */
  events: { line: number; event: RunEvent }[];
  /** Readable event lines in the file. */
  totalEvents: number;
  /** Readable events left out between head and tail. */
  omittedEvents: number;
  /** Lines that are not events (corrupt JSON, unknown shapes, a cut final line). */
  badLines: BadEventLine[];
  /** Bad lines beyond those listed in `badLines`. */
  omittedBadLines: number;
  /** True when the file is larger than the read cap and only its first bytes were read. */
  truncatedRead: boolean;
}

/** Options of a run events read. */
export interface ReadRunEventsOptions {
  /** `"head-tail"` (default): the first and last events up to `maxEvents`; `"all"`: every event (still capped by size). */
  selection?: "head-tail" | "all";
  /** Events kept in a head-tail read; default 500, reference §4.1. */
  maxEvents?: number;
}

/** Reads one run's events (a file store reads `run-<runId>.events.jsonl`). */
export type RunEventReader = (runId: string, options?: ReadRunEventsOptions) => Promise<RunEventsRead>;
