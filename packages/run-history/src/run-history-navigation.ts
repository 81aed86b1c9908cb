import type { TerminalRunStatus } from "./run-status.js";

/** One tool-authored next step with the exact arguments to submit. */
export interface RunHistoryAction {
  readonly kind: "list" | "search" | "inspect" | "next_page";
  readonly description: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** On actions about one run: its terminal status, so a cancelled or interrupted run is not mistaken for a success. */
  readonly status?: TerminalRunStatus;
}

/** A conditional handoff to a sibling tool (SessionHistory for cancelled or interrupted runs). */
export interface RunHistoryRelatedTool {
  readonly tool: "SessionHistory";
  readonly condition: string;
  readonly description: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Trusted navigation, kept apart from the untrusted evidence. */
export interface RunHistoryNavigation {
  readonly guidance: string;
  readonly nextActions: readonly RunHistoryAction[];
  readonly relatedTools?: readonly RunHistoryRelatedTool[];
  readonly [extra: string]: unknown;
}

/** `{}`: back to the list of recent settled runs. */
export const LIST_ACTION: RunHistoryAction = {
  kind: "list",
  description: "List the most recent settled runs of this conversation.",
  arguments: {},
};

/** Inspect one run, with its terminal status in the description and on the action. */
export function inspectAction(runId: string, status: TerminalRunStatus): RunHistoryAction {
  const note =
    status === "cancelled" || status === "interrupted"
      ? ` It was ${status}: its output is incomplete evidence, not a finished result.`
      : ` It ${status}.`;
  return {
    kind: "inspect",
    description: `Open the overview of run ${runId}.${note}`,
    arguments: { runId },
    status,
  };
}

/** Follow a run's timeline from a cursor. */
export function timelineAction(
  runId: string,
  cursor: string,
  status: TerminalRunStatus,
  first: boolean,
): RunHistoryAction {
  return {
    kind: "next_page",
    description: first
      ? `Read the timeline of run ${runId} (at most 10 entries per page).`
      : `Read the next timeline page of run ${runId}.`,
    arguments: { runId, cursor },
    status,
  };
}

/** The exact run-scoped SessionHistory handoff for a cancelled or interrupted run (seed page). */
export function sessionHistoryHandoff(runId: string): RunHistoryRelatedTool {
  return {
    tool: "SessionHistory",
    condition: "Follow only when the SessionHistory tool is available in this run.",
    description:
      "Search the retained tool calls of this run only. Keep the search free of a states filter; if it is empty, do not " +
      "broaden to another run or conversation. Inspect the result record (resultRecordId) when present and the " +
      "invocation record (recordId) when its arguments are needed, with includeIsolated: true and the 8192-byte chunk " +
      "bound, following every exact get action the response offers. A search preview is not the full record. This " +
      "recovers evidence only: nothing is resumed, replayed or rerun; continuing is fresh work in the current run with " +
      "fresh verification.",
    arguments: { action: "search", runIds: [runId], includeIsolated: true },
  };
}
