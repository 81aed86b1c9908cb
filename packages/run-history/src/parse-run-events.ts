import { type BadEventLine, RUN_EVENT_TYPES, type RunEvent, type RunEventsRead } from "./run-event.js";
import { RUN_EVENTS_READ_MAX } from "./run-record-limits.js";

/** Bad lines listed one by one in a read; the rest are counted. */
export const BAD_LINES_LISTED_MAX = 20;

/** One line of an events file: the event, or why it is not one. */
export function parseRunEventLine(line: string): { event: RunEvent } | { reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { reason: "not JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return { reason: "not an event object" };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string") return { reason: 'no string "type"' };
  if (!(RUN_EVENT_TYPES as readonly string[]).includes(type))
    return { reason: `unknown event type ${JSON.stringify(type.slice(0, 40))}` };
  return { event: value as RunEvent };
}

/**
 * Parses the text of an events file: every line is checked, corrupt lines are reported by number
 * (a final line without newline is `truncated final line`), and a head-tail selection keeps the
 * first and last `maxEvents / 2` events. Never throws.
 */
export function parseRunEvents(
  runId: string,
  text: string,
  options: { selection?: "head-tail" | "all"; maxEvents?: number; truncatedRead?: boolean } = {},
): RunEventsRead {
  const maxEvents =
    options.selection === "all" ? Number.POSITIVE_INFINITY : (options.maxEvents ?? RUN_EVENTS_READ_MAX);
  const headSize = Math.ceil(maxEvents / 2);
  const tailSize = Math.floor(maxEvents / 2);
  const head: RunEventsRead["events"] = [];
  const tail: RunEventsRead["events"] = [];
  const badLines: BadEventLine[] = [];
  let omittedBadLines = 0;
  let totalEvents = 0;
  const lines = text.split("\n");
  const endsWithNewline = lines.at(-1) === "";
  if (endsWithNewline) lines.pop();
  lines.forEach((content, index) => {
    const lineNumber = index + 1;
    const isCutFinalLine = !endsWithNewline && index === lines.length - 1 && !options.truncatedRead;
    const parsed = content.trim() === "" ? { reason: "empty line" } : parseRunEventLine(content);
    if ("reason" in parsed || isCutFinalLine) {
      if (options.truncatedRead && !endsWithNewline && index === lines.length - 1) return;
      const reason = isCutFinalLine ? "truncated final line" : (parsed as { reason: string }).reason;
      if (badLines.length < BAD_LINES_LISTED_MAX) badLines.push({ line: lineNumber, reason });
      else omittedBadLines += 1;
      return;
    }
    totalEvents += 1;
    const entry = { line: lineNumber, event: parsed.event };
    if (head.length < headSize) head.push(entry);
    else if (tailSize > 0) {
      tail.push(entry);
      if (tail.length > tailSize) tail.shift();
    }
  });
  const events = [...head, ...tail];
  return {
    runId,
    exists: true,
    events,
    totalEvents,
    omittedEvents: totalEvents - events.length,
    badLines,
    omittedBadLines,
    truncatedRead: options.truncatedRead ?? false,
  };
}
