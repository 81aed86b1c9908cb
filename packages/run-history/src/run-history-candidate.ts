import { TRIGGER_METADATA_MAX_BYTES } from "./run-history-limits.js";
import type { SafeText } from "./run-history-safe-text.js";
import type { TerminalRunStatus } from "./run-status.js";
import type { RunSummary } from "./run-summary.js";

/** Bytes of a short metadata field (model, source, failure kind …) as shown. */
const METADATA_FIELD_MAX_BYTES = 256;

/** One run as list and search show it: safe metadata only, with its terminal status. */
export interface RunCandidate {
  runId: string;
  status: TerminalRunStatus;
  /** `incomplete` for a cancelled or interrupted run: what it left is not a finished result. */
  evidence: "complete" | "incomplete";
  startedAt: string;
  endedAt?: string;
  durationMs?: number;
  model: string;
  effort?: string;
  source: string;
  sourceDetail?: string;
  failureKind?: string;
  /** The user's input that started the run (at most 512 bytes). */
  trigger: string;
  toolCallCount: number;
  toolErrorCount: number;
}

/** True for a status whose output is incomplete evidence (seed page: cancelled/interrupted). */
export function isIncompleteStatus(status: string): boolean {
  return status === "cancelled" || status === "interrupted";
}

/** The safe candidate projection of a settled run's summary. */
export function runCandidate(summary: RunSummary, safe: SafeText): RunCandidate {
  const field = (text: string) => safe.evidence(text, METADATA_FIELD_MAX_BYTES);
  const status = summary.status as TerminalRunStatus;
  return {
    runId: summary.runId,
    status,
    evidence: isIncompleteStatus(status) ? "incomplete" : "complete",
    startedAt: summary.startedAt,
    ...(summary.endedAt !== undefined ? { endedAt: summary.endedAt } : {}),
    ...(summary.durationMs !== undefined ? { durationMs: summary.durationMs } : {}),
    model: field(summary.model),
    ...(summary.effort !== undefined ? { effort: field(summary.effort) } : {}),
    source: field(summary.source),
    ...(summary.sourceDetail !== undefined ? { sourceDetail: field(summary.sourceDetail) } : {}),
    ...(summary.failureKind !== undefined ? { failureKind: field(summary.failureKind) } : {}),
    trigger: safe.evidence(summary.userInput, TRIGGER_METADATA_MAX_BYTES),
    toolCallCount: summary.toolCallCount,
    toolErrorCount: summary.toolErrorCount,
  };
}
