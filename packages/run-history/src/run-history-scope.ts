import type { RunHistoryContext } from "./run-history-context.js";
import { invalidCursor } from "./run-history-cursors.js";
import { RunHistoryError } from "./run-history-error.js";
import type { SafeText } from "./run-history-safe-text.js";
import { logicalConversationId } from "./run-ids.js";
import type { TerminalRunStatus } from "./run-status.js";
import type { ListRunsQuery } from "./run-store.js";
import type { RunSummary } from "./run-summary.js";

/** The statuses RunHistory lists: settled runs only (seed page: succeeded, failed, cancelled, or interrupted). */
export const SETTLED_STATUSES: readonly TerminalRunStatus[] = [
  "succeeded",
  "failed",
  "cancelled",
  "interrupted",
];

/** The store filter of a context's scope: its conversation (every rollover bucket with `daily`), settled runs, not the current run. */
export function scopeFilter(context: RunHistoryContext): Omit<ListRunsQuery, "limit" | "afterRunId"> {
  return {
    ...(context.rollover === "daily"
      ? { logicalConversationId: logicalConversationId(context.conversationId) }
      : { conversationId: context.conversationId }),
    statuses: SETTLED_STATUSES,
    excludeRunIds: [context.runId],
  };
}

/** True when a run belongs to the context's conversation (rollover buckets merged only with `daily`). */
export function inConversation(context: RunHistoryContext, conversationId: string): boolean {
  return context.rollover === "daily"
    ? logicalConversationId(conversationId) === logicalConversationId(context.conversationId)
    : conversationId === context.conversationId;
}

/** A run id that may be shown: trimmed, no controls, no credential or private artifact text. */
export function isListableRunId(runId: string, safe: SafeText): boolean {
  return runId.trim() === runId && !/[\u0000-\u001f\u007f]/.test(runId) && !safe.isUnsafe(runId);
}

const NOT_AVAILABLE =
  "No settled run with this id is available in this conversation. List the available runs with {}.";

/**
 * The summary of a run the context may inspect. Throws `current_run` for the calling run,
 * `run_not_available` for an unknown run or one of another conversation (the same message: existence
 * is not revealed), `run_incomplete` for a `running` run, `history_unavailable` when the store fails.
 */
export async function inspectableRun(
  context: RunHistoryContext,
  runId: string,
  safe: SafeText,
): Promise<RunSummary> {
  if (runId === context.runId)
    throw new RunHistoryError(
      "current_run",
      "That is the current run: its history is the active conversation. Use {} for earlier runs.",
    );
  const summary = await context.store.getRun(runId).catch((error: unknown) => {
    throw historyFailure(error);
  });
  if (!summary || !inConversation(context, summary.conversationId) || !isListableRunId(summary.runId, safe))
    throw new RunHistoryError("run_not_available", NOT_AVAILABLE);
  if (summary.status === "running")
    throw new RunHistoryError(
      "run_incomplete",
      "That run is still running; only settled runs can be inspected. Try again after it settles, or list settled runs with {}.",
    );
  return summary;
}

/** A store failure as the tool reports it: a lost page anchor is `invalid_cursor`, anything else `history_unavailable`. */
export function historyFailure(error: unknown): RunHistoryError {
  if (RunHistoryError.isInstance(error) && error.code === "unknown_anchor") return invalidCursor();
  if (RunHistoryError.isInstance(error) && error.code === "invalid_cursor") return error;
  return new RunHistoryError(
    "history_unavailable",
    "Run history could not be read right now; try again with {}.",
    {
      cause: error,
    },
  );
}
