import { terminalSafeJson } from "@mono-agent/evidence";
import type { RunEventsRead } from "../run-event.js";
import { RUN_EVENTS_READ_MAX } from "../run-record-limits.js";
import type { RunSummary } from "../run-summary.js";
import { renderRunDetail } from "./render-run-detail.js";
import { renderRunEvent } from "./render-run-event.js";
import { renderRunEventsHealth } from "./render-run-events-health.js";

/** What `runs show` prints for one recorded run. */
export interface RunShowReport {
  /** The JSON object, or the detail view (and, with `events`, the event lines). */
  output: string;
  /** Set when the events file has unreadable lines: a sentence naming the run and the bad lines. */
  damage: string | undefined;
}

/** The report of one run and the health of its events file; with `events`, its events too. */
export function runShowReport(
  run: RunSummary,
  read: RunEventsRead,
  options: { events: boolean; format: "json" | "text" },
): RunShowReport {
  const damaged = read.badLines.length + read.omittedBadLines > 0;
  const damage = damaged
    ? `the events file of run ${run.runId} is damaged: ${renderRunEventsHealth(read)}`
    : undefined;
  if (options.format === "json") {
    const { events, ...health } = read;
    return {
      output: `${terminalSafeJson({ run, eventsFile: health, ...(options.events ? { events } : {}) })}\n`,
      damage,
    };
  }
  let output = renderRunDetail(run, read);
  if (options.events) {
    output += "Events:\n";
    // A head-tail read keeps the first half of the cap, then the last events.
    const headCount = Math.ceil(RUN_EVENTS_READ_MAX / 2);
    read.events.forEach((entry, index) => {
      if (read.omittedEvents > 0 && index === headCount)
        output += `  … ${read.omittedEvents} events not shown …\n`;
      output += `${renderRunEvent(entry.line, entry.event)}\n`;
    });
  }
  return { output, damage };
}
