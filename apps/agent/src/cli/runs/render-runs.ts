import { stripTerminalControls } from "@mono-agent/evidence";
import type { RunEvent, RunEventsRead, RunSummary } from "@mono-agent/run-history";
import { renderTable } from "../render-table.js";

/** Characters of free text (input, output, event previews) shown per line in text output. */
export const TEXT_PREVIEW_CHARACTERS = 120;

/** Recorded free text on one line, stripped of terminal controls (it came from a model or a tool). */
function oneLine(text: string, max = TEXT_PREVIEW_CHARACTERS): string {
  const flat = stripTerminalControls(text).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function duration(ms: number | undefined): string {
  if (ms === undefined) return "-";
  return ms < 1_000 ? `${ms}ms` : `${(ms / 1_000).toFixed(1)}s`;
}

function time(iso: string): string {
  return iso.replace("T", " ").replace(/\.\d{3}Z$/, "Z");
}

/** The table of `runs list`. */
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

/** One event as a line of `runs show --events`. */
export function renderEvent(line: number, event: RunEvent): string {
  const prefix = `${String(line).padStart(5)}  ${event.type.padEnd(15)}`;
  switch (event.type) {
    case "assistant":
      return `${prefix}${event.message.content
        .map((block) =>
          block.type === "text"
            ? oneLine(block.text)
            : `→ ${block.name} ${oneLine(JSON.stringify(block.input ?? {}), 80)}`,
        )
        .join(" | ")}`;
    case "user":
      return `${prefix}${event.message.content
        .map(
          (block) =>
            `${block.is_error ? "✗" : "✓"} ${block.tool_use_id} ${oneLine(block.content.map((part) => part.text).join(" "))}`,
        )
        .join(" | ")}`;
    case "runtime_warning":
      return `${prefix}${event.warning_kind}: ${oneLine(event.message)}`;
    case "tool_timing":
      return `${prefix}${event.name} ${event.execution_ms}ms`;
    case "run_failure":
      return `${prefix}${event.failure_kind}: ${oneLine(event.message)}`;
  }
}

/** The health line of a run's events file: how many lines were read and which ones are bad. */
export function renderEventsHealth(read: RunEventsRead): string {
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

/** The detail view of `runs show`. */
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
    ["Events file", renderEventsHealth(read)],
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
