import { renderTable } from "@mono-agent/evidence";
import type { RunSummary } from "../run-summary.js";
import { duration, oneLine, time } from "./run-report-text.js";

/** The table of `runs list`: one row per run, newest first as given. */
export function renderRunTable(runs: readonly RunSummary[]): string {
  const rows = runs.map((run) => [
    run.runId,
    run.status,
    time(run.startedAt),
    duration(run.durationMs),
    `${run.toolCallCount}/${run.toolErrorCount}`,
    run.conversationId,
    oneLine(run.userInput, 60),
  ]);
  return renderTable(["RUN ID", "STATUS", "STARTED", "DURATION", "TOOLS/ERR", "CONVERSATION", "INPUT"], rows);
}
