import { stripTerminalControls } from "@mono-agent/evidence";
import type { RunEventsRead } from "../run-event.js";
import type { RunSummary } from "../run-summary.js";
import { renderRunEventsHealth } from "./render-run-events-health.js";
import { duration, oneLine, time } from "./run-report-text.js";

/** The detail view of `runs show`: one labelled line per known field, then the final output. */
export function renderRunDetail(run: RunSummary, read: RunEventsRead): string {
  const status = run.failureKind ? `${run.status} (${run.failureKind})` : run.status;
  const tools = run.tools.map(
    (tool) => `${tool.name} ×${tool.calls}${tool.errors ? ` (${tool.errors} failed)` : ""}`,
  );
  const lines: [string, string | undefined][] = [
    ["Status", status],
    ["Error", run.error ? oneLine(run.error, 400) : undefined],
    ["Conversation", run.conversationId],
    ["Started", time(run.startedAt)],
    ["Ended", run.endedAt ? time(run.endedAt) : undefined],
    ["Duration", duration(run.durationMs)],
    ["Model", run.effort ? `${run.model} (effort ${run.effort})` : run.model],
    ["Source", run.sourceDetail ? `${run.source} (${run.sourceDetail})` : run.source],
    ["Input", oneLine(run.userInput, 400)],
    [
      "Tools",
      `${run.toolCallCount} calls, ${run.toolErrorCount} failed${tools.length ? `: ${tools.join(", ")}` : ""}`,
    ],
    ["MCP servers", run.mcpServersUsed.length ? run.mcpServersUsed.join(", ") : undefined],
    [
      "Usage",
      `${run.usage.inputTokens} in / ${run.usage.outputTokens} out tokens, $${run.usage.costUsd.toFixed(4)}`,
    ],
    [
      "Warnings",
      run.warnings.length
        ? run.warnings.map((w) => `${w.kind}: ${oneLine(w.message)}`).join("; ")
        : undefined,
    ],
    ["Events", `${run.eventCount} recorded${run.eventsDropped ? `, ${run.eventsDropped} dropped` : ""}`],
    ["Events file", renderRunEventsHealth(read)],
  ];
  const out = [`Run ${run.runId}`];
  for (const [label, value] of lines)
    if (value !== undefined) out.push(`  ${`${label}:`.padEnd(14)}${value}`);
  if (run.finalOutput)
    out.push(
      "  Output:",
      ...stripTerminalControls(run.finalOutput)
        .split("\n")
        .map((line) => `    ${line}`),
    );
  return `${out.join("\n")}\n`;
}
