import type { AskEvent } from "@mono-agent/interaction";
import {
  createRunEventRedactor as createRedactor,
  type RunEventRedactor,
} from "@mono-agent/run-history/recorder";
/**
 * What a run reports while it happens: the stable event stream behind `mono-agent run --json`
 * (one JSON object per line) and the live CLI output.
 */
export type RunEvent =
  | { type: "run_started"; runId: string; conversationId: string; model: string; tools: string[] }
  | { type: "warning"; kind: string; message: string; serverName?: string }
  /** A server that was still connecting when the model was first called has connected (or its tools changed). */
  | { type: "mcp_server_status"; serverName: string; status: "connected" | "tools_changed"; message: string }
  | { type: "text_delta"; text: string }
  /** An ask of this run (AskUser question, MCP elicitation, tool approval) opened or settled. */
  | AskEvent
  | { type: "tool_started"; toolCallId: string; name: string; arguments: unknown }
  | { type: "tool_progress"; toolCallId: string; name: string; message: string }
  /** A request-context server posted to `/v1/progress`; key and message are redacted and bounded. */
  | { type: "progress"; key: string; message: string; state: "working" | "done" | "failed" }
  | {
      type: "tool_finished";
      toolCallId: string;
      name: string;
      isError: boolean;
      durationMs: number;
      preview: string;
    }
  | {
      type: "run_finished";
      runId: string;
      status: RunStatus;
      finalText: string;
      durationMs: number;
      error?: { kind: string; message: string };
    };

/** How a run settled. */
export type RunStatus = "succeeded" | "failed" | "cancelled";

/** The run's redactor over {@link RunEvent}s (`createRunEventRedactor` of `@mono-agent/run-history/recorder`). */
export function createRunEventRedactor(
  redactText: (text: string) => string,
  heldBackLength: (text: string) => number,
): RunEventRedactor<RunEvent> {
  return createRedactor<RunEvent>(redactText, heldBackLength);
}
