import type { RunEventsRead } from "../run-event.js";

/** The health line of a run's events file: how many lines were read and which ones are bad. */
export function renderRunEventsHealth(read: RunEventsRead): string {
  if (!read.exists) return "no events file (never written, or removed)";
  const parts = [`${read.totalEvents} readable`];
  const bad = read.badLines.length + read.omittedBadLines;
  if (bad > 0) {
    const listed = read.badLines.map((entry) => `line ${entry.line} (${entry.reason})`).join(", ");
    parts.push(
      `${bad} unreadable: ${listed}${read.omittedBadLines > 0 ? `, and ${read.omittedBadLines} more` : ""}`,
    );
  }
  if (read.truncatedRead) parts.push("file larger than the read cap; only its start was read");
  return parts.join("; ");
}
