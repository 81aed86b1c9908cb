import type { RunStatus } from "./run-status.js";

/**
 * The safe metadata of one run that a RunHistory search matches on (seed page: trigger, run id,
 * dates, status/failure kind, source/detail, model and effort), read without the rest of the summary
 * so that one search can scan every run of a conversation. Never event JSONL, never final output.
 */
export interface RunSearchFields {
  runId: string;
  status: RunStatus;
  startedAtMs: number;
  endedAtMs?: number;
  model: string;
  effort?: string;
  source: string;
  sourceDetail?: string;
  failureKind?: string;
  /** The trigger (the user's input, bounded and redacted by the recorder). */
  userInput: string;
}

/** A settled run's search fields with its place in the newest-first order (`updatedAtMs`, then run id). */
export interface SettledRunSearchFields extends RunSearchFields {
  /** Unix milliseconds; a settled run's `updatedAt` never changes. */
  updatedAtMs: number;
}
