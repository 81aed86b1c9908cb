import {
  isHistoryToolName,
  type JsonValue,
  OMISSION_MARKERS,
  redactJson,
  type SecretScanner,
} from "@mono-agent/evidence";
import type { RunEvent, RunEventsRead } from "./run-event.js";
import { holdsPrivateText, projectStructuredValue } from "./run-history-project-value.js";
import type { SafeText } from "./run-history-safe-text.js";
import { RUN_EVENTS_READ_MAX } from "./run-record-limits.js";
import type { RunSummary } from "./run-summary.js";

/** One entry of a run's timeline (reference §4.3 kinds). */
export type TimelineEntry =
  | { kind: "trigger"; index: number; text: string }
  | { kind: "assistant"; index: number; text: string; at?: string }
  | {
      kind: "tool";
      index: number;
      toolUseId: string;
      name: string;
      input?: JsonValue;
      result?: { content: JsonValue; isError: boolean };
      executionMs?: number;
      at?: string;
    }
  | { kind: "warning"; index: number; warningKind: string; message: string; at?: string }
  | { kind: "failure"; index: number; failureKind: string; message: string; at?: string };

/** A run's safe timeline, its assistant-group-scanned final output, and what was incomplete. */
export interface RunTimeline {
  entries: TimelineEntry[];
  finalOutput?: string;
  /** Sentences announcing incomplete event input (bad lines, omitted or dropped events, a cut read). */
  incomplete: string[];
}

type Draft = TimelineEntry extends infer E ? (E extends TimelineEntry ? Omit<E, "index"> : never) : never;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const DROPPED_PHASES = new Set(["analysis", "reasoning", "thinking"]);
const HISTORY_ENVELOPE = /"untrusted"\s*:\s*true/;

const atOf = (event: { at?: unknown }) =>
  typeof event.at === "string" && ISO_TIME.test(event.at) ? { at: event.at } : {};

/**
 * Builds the safe timeline of one run from its summary and a bounded events read: the trigger,
 * assistant text (reasoning phases dropped; all assistant text and the final output scanned as one
 * group), tool calls with their projected input and result (nested history results omitted),
 * warnings and failures (a `run_failure` for every run that did not succeed).
 */
export function buildRunTimeline(
  summary: RunSummary,
  read: RunEventsRead | undefined,
  safe: SafeText,
  scanner: SecretScanner | undefined,
): RunTimeline {
  const drafts: Draft[] = [{ kind: "trigger", text: safe.evidence(summary.userInput) }];
  const assistantSlots: { draft: Extract<Draft, { kind: "assistant" }>; raw: string }[] = [];
  const tools = new Map<string, Extract<Draft, { kind: "tool" }>>();
  const headSize = Math.ceil(RUN_EVENTS_READ_MAX / 2);
  const events = read?.events ?? [];
  events.forEach(({ event }, position) => {
    addEvent(event);
    if (position === headSize - 1 && (read?.omittedEvents ?? 0) > 0)
      drafts.push({
        kind: "warning",
        warningKind: "events_omitted",
        message: `${read?.omittedEvents} recorded events between the first and last ${headSize} are not shown.`,
      });
  });
  function addEvent(event: RunEvent): void {
    if (event.type === "assistant") {
      for (const block of event.message?.content ?? []) {
        const phase = (block as { phase?: unknown }).phase;
        if (block.type === "text" && typeof block.text === "string") {
          if (typeof phase === "string" && DROPPED_PHASES.has(phase)) continue;
          const draft = { kind: "assistant" as const, text: "", ...atOf(event) };
          assistantSlots.push({ draft, raw: block.text });
          drafts.push(draft);
        } else if (block.type === "tool_use") {
          const name = safe.evidence(String(block.name), 200);
          const draft: Extract<Draft, { kind: "tool" }> = {
            kind: "tool",
            toolUseId: safe.evidence(String(block.id), 200),
            name,
            input: projectStructuredValue(block.input, safe, scanner),
            ...atOf(event),
          };
          tools.set(String(block.id), draft);
          drafts.push(draft);
        }
      }
    } else if (event.type === "user") {
      for (const block of event.message?.content ?? []) {
        if (block.type !== "tool_result") continue;
        let draft = tools.get(String(block.tool_use_id));
        if (!draft) {
          draft = {
            kind: "tool",
            toolUseId: safe.evidence(String(block.tool_use_id), 200),
            name: "(call not shown)",
          };
          drafts.push(draft);
        }
        draft.result = {
          content: projectToolResult(draft.name, block.content, safe, scanner),
          isError: block.is_error === true,
        };
      }
    } else if (event.type === "tool_timing") {
      const draft = tools.get(String(event.tool_use_id));
      if (draft && Number.isFinite(event.execution_ms)) draft.executionMs = event.execution_ms;
    } else if (event.type === "runtime_warning") {
      drafts.push({
        kind: "warning",
        warningKind: safe.evidence(String(event.warning_kind), 200),
        message: safe.diagnostic(String(event.message)),
        ...atOf(event),
      });
    } else if (event.type === "run_failure") {
      drafts.push({
        kind: "failure",
        failureKind: safe.evidence(String(event.failure_kind), 200),
        message: safe.diagnostic(String(event.message)),
        ...atOf(event),
      });
    }
  }
  if (summary.status !== "succeeded" && !drafts.some((draft) => draft.kind === "failure"))
    drafts.push({
      kind: "failure",
      failureKind: safe.evidence(summary.failureKind ?? summary.status, 200),
      message: safe.diagnostic(summary.error ?? `The run ended ${summary.status}.`),
    });
  const group = safe.assistantGroup([
    ...assistantSlots.map((slot) => slot.raw),
    ...(summary.finalOutput !== undefined ? [summary.finalOutput] : []),
  ]);
  assistantSlots.forEach((slot, index) => {
    slot.draft.text = group[index] ?? "";
  });
  return {
    entries: drafts.map((draft, index) => ({ ...draft, index }) as TimelineEntry),
    ...(summary.finalOutput !== undefined ? { finalOutput: group[assistantSlots.length] ?? "" } : {}),
    incomplete: incompleteInput(summary, read),
  };
}

function projectToolResult(
  name: string,
  content: unknown,
  safe: SafeText,
  scanner: SecretScanner | undefined,
): JsonValue {
  if (isHistoryToolName(name)) return OMISSION_MARKERS.nestedHistoryResult;
  const blocks = Array.isArray(content) ? content : [content];
  const text = blocks
    .map((block) =>
      typeof block === "string"
        ? block
        : typeof block?.text === "string"
          ? block.text
          : JSON.stringify(block ?? null),
    )
    .join("\n");
  if (name === "(call not shown)" && HISTORY_ENVELOPE.test(text)) return OMISSION_MARKERS.nestedHistoryResult;
  const trimmed = text.trim();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return safe.toolResult(text);
    }
    if (holdsPrivateText(redactJson(parsed), safe)) return OMISSION_MARKERS.toolResult;
    return projectStructuredValue(parsed, safe, scanner, OMISSION_MARKERS.toolResult);
  }
  return safe.toolResult(text);
}

function incompleteInput(summary: RunSummary, read: RunEventsRead | undefined): string[] {
  if (!read) return ["The run's events could not be read; only its summary is shown."];
  const notes: string[] = [];
  if (!read.exists && summary.eventCount > 0)
    notes.push("The run's events file is missing; only its summary is shown.");
  const bad = read.badLines.length + read.omittedBadLines;
  if (bad > 0) notes.push(`${bad} line(s) of the events file could not be read and are left out.`);
  if (read.omittedEvents > 0)
    notes.push(
      `${read.omittedEvents} events of a long run are not shown (first and last ${RUN_EVENTS_READ_MAX / 2} kept).`,
    );
  if (read.truncatedRead) notes.push("The events file is larger than the read cap; its end is not shown.");
  if (summary.eventsDropped > 0)
    notes.push(`${summary.eventsDropped} events were never recorded (the events file reached its size cap).`);
  return notes;
}
