import { terminalSafeJson } from "@mono-agent/evidence";
import type { RunSummary } from "../run-summary.js";
import { renderRunTable } from "./render-run-table.js";

/** One page of `runs list`, as read from a run store. */
export interface RunListing {
  runs: readonly RunSummary[];
  /** Runs matching the query, over every page. */
  total: number;
  hasMore: boolean;
  /** Whether the query named a conversation or a status (an empty page then means "no match"). */
  filtered: boolean;
}

/**
 * What `runs list` prints: one JSON object, or the table and a count line. `listing` undefined means
 * no run store was ever written.
 */
export function runListReport(listing: RunListing | undefined, format: "json" | "text"): string {
  if (listing === undefined)
    return format === "json"
      ? `${JSON.stringify({ runs: [], count: 0, total: 0 })}\n`
      : "No runs recorded yet.\n";
  const { runs, total, hasMore } = listing;
  if (format === "json") return `${terminalSafeJson({ runs, count: runs.length, total, hasMore })}\n`;
  if (runs.length === 0)
    return total === 0 && !listing.filtered ? "No runs recorded yet.\n" : "No runs match.\n";
  return `${renderRunTable(runs)}Showing ${runs.length} of ${total}. \`mono-agent runs show <runId>\` for one run.\n`;
}
