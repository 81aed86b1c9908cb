import type { SecretScanner } from "@mono-agent/evidence";
import { isIncompleteStatus, type RunCandidate, runCandidate } from "./run-history-candidate.js";
import type { RunHistoryContext } from "./run-history-context.js";
import { encodeRunHistoryCursor } from "./run-history-cursors.js";
import { OVERVIEW_MAX_SIGNALS, OVERVIEW_MAX_TOOL_NAMES } from "./run-history-limits.js";
import {
  inspectAction,
  LIST_ACTION,
  type RunHistoryAction,
  type RunHistoryNavigation,
  sessionHistoryHandoff,
  timelineAction,
} from "./run-history-navigation.js";
import type { SafeText } from "./run-history-safe-text.js";
import { buildRunTimeline, type RunTimeline } from "./run-history-timeline.js";
import { RUN_EVENTS_READ_MAX } from "./run-record-limits.js";
import type { TerminalRunStatus } from "./run-status.js";
import type { RunSummary } from "./run-summary.js";
import { OTHER_TOOLS_NAME } from "./tally-run-tools.js";

/** The compact overview of one settled run (reference §4.3 inspect overview). */
export interface RunOverview {
  action: "inspect";
  view: "overview";
  run: RunCandidate;
  trigger: string;
  timelineEntryCount: number;
  toolSummary: {
    tools: { name: string; calls: number; errors: number }[];
    totalCalls: number;
    totalErrors: number;
    uniqueToolCount: number;
    truncated: boolean;
    omittedCalls: number;
    omittedErrors: number;
  };
  signals: { kind: "warning" | "failure"; code: string; message: string }[];
  finalOutput?: string;
  /** Set on a cancelled or interrupted run: its output is incomplete evidence. */
  incompleteEvidence?: string;
  nextCursor?: string;
  warnings: string[];
  truncated: boolean;
}

/** Reads a run's events (bounded head-tail read) and builds its safe timeline. Throws when the read fails. */
export async function loadRunTimeline(
  context: RunHistoryContext,
  summary: RunSummary,
  safe: SafeText,
  scanner: SecretScanner | undefined,
): Promise<RunTimeline> {
  const read = await context.readEvents(summary.runId, {
    selection: "head-tail",
    maxEvents: RUN_EVENTS_READ_MAX,
  });
  return buildRunTimeline(summary, read, safe, scanner);
}

/** The overview body and its navigation. */
export function runOverview(
  summary: RunSummary,
  timeline: RunTimeline,
  safe: SafeText,
): { overview: RunOverview; navigation: RunHistoryNavigation } {
  const status = summary.status as TerminalRunStatus;
  const named = summary.tools
    .filter((tool) => tool.name !== OTHER_TOOLS_NAME)
    .slice(0, OVERVIEW_MAX_TOOL_NAMES);
  const pooled = summary.tools.find((tool) => tool.name === OTHER_TOOLS_NAME);
  const signals: RunOverview["signals"] = [
    ...summary.warnings.map((warning) => ({
      kind: "warning" as const,
      code: safe.evidence(warning.kind, 200),
      message: safe.diagnostic(warning.message),
    })),
    ...(status !== "succeeded"
      ? [
          {
            kind: "failure" as const,
            code: safe.evidence(summary.failureKind ?? status, 200),
            message: safe.diagnostic(summary.error ?? `The run ended ${status}.`),
          },
        ]
      : []),
  ];
  const hasDetail = timeline.entries.length > 1;
  const nextCursor = hasDetail
    ? encodeRunHistoryCursor({ kind: "timeline", runId: summary.runId, offset: 0 })
    : undefined;
  const incomplete = isIncompleteStatus(status);
  const overview: RunOverview = {
    action: "inspect",
    view: "overview",
    run: runCandidate(summary, safe),
    trigger: safe.evidence(summary.userInput),
    timelineEntryCount: timeline.entries.length,
    toolSummary: {
      tools: named.map((tool) => ({
        name: safe.evidence(tool.name, 200),
        calls: tool.calls,
        errors: tool.errors,
      })),
      totalCalls: summary.toolCallCount,
      totalErrors: summary.toolErrorCount,
      uniqueToolCount: named.length,
      truncated: pooled !== undefined,
      omittedCalls: pooled?.calls ?? 0,
      omittedErrors: pooled?.errors ?? 0,
    },
    signals: signals.slice(0, OVERVIEW_MAX_SIGNALS),
    ...(timeline.finalOutput !== undefined ? { finalOutput: timeline.finalOutput } : {}),
    ...(incomplete
      ? {
          incompleteEvidence: `The run was ${status} before it finished: its output and timeline are incomplete evidence, not a finished result.`,
        }
      : {}),
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    warnings: timeline.incomplete,
    truncated: timeline.incomplete.length > 0 || signals.length > OVERVIEW_MAX_SIGNALS,
  };
  const nextActions: RunHistoryAction[] = [
    ...(nextCursor !== undefined ? [timelineAction(summary.runId, nextCursor, status, true)] : []),
    LIST_ACTION,
  ];
  const guidance = incomplete
    ? `Run ${summary.runId} was ${status}: treat its output as incomplete evidence. For its exact tool calls, use the ` +
      "SessionHistory handoff in relatedTools only when that tool is available. Any continuation is fresh work in " +
      "the current run, verified afresh."
    : `Overview of run ${summary.runId} (${status}).` +
      (nextCursor !== undefined
        ? " Read its timeline with the exact next action for tool inputs and results."
        : "");
  return {
    overview,
    navigation: {
      guidance,
      nextActions,
      ...(incomplete ? { relatedTools: [sessionHistoryHandoff(summary.runId)] } : {}),
    },
  };
}

/** The inspect action of a run, for navigation back to its overview. */
export function overviewAction(summary: RunSummary): RunHistoryAction {
  return inspectAction(summary.runId, summary.status as TerminalRunStatus);
}
