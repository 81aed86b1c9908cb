import { fitPageToBytes, truncateUtf8, utf8ByteLength } from "@mono-agent/evidence";
import { isIncompleteStatus } from "./run-history-candidate.js";
import { encodeRunHistoryCursor, invalidCursor } from "./run-history-cursors.js";
import { TIMELINE_PAGE_MAX_BYTES, TIMELINE_PAGE_MAX_ENTRIES } from "./run-history-limits.js";
import {
  inspectAction,
  LIST_ACTION,
  type RunHistoryNavigation,
  timelineAction,
} from "./run-history-navigation.js";
import type { RunTimeline, TimelineEntry } from "./run-history-timeline.js";
import type { TerminalRunStatus } from "./run-status.js";
import type { RunSummary } from "./run-summary.js";

/** Bytes of a tool input or result kept in an entry that alone would pass the page bound. */
const OVERSIZED_PART_BYTES = 6 * 1024;

/** One timeline page (at most 10 entries and about 16 KiB) from `offset`; an offset past the end is `invalid_cursor`. */
export function timelinePage(
  summary: RunSummary,
  timeline: RunTimeline,
  offset: number,
): { page: object; navigation: RunHistoryNavigation } {
  if (offset >= timeline.entries.length) throw invalidCursor();
  const status = summary.status as TerminalRunStatus;
  const fitted = fitPageToBytes(timeline.entries.slice(offset).map(fitEntry), {
    maxBytes: TIMELINE_PAGE_MAX_BYTES,
    maxItems: TIMELINE_PAGE_MAX_ENTRIES,
  });
  const endIndex = offset + fitted.items.length;
  const hasMore = endIndex < timeline.entries.length;
  const nextCursor = hasMore
    ? encodeRunHistoryCursor({ kind: "timeline", runId: summary.runId, offset: endIndex })
    : undefined;
  const page = {
    action: "inspect",
    view: "timeline",
    runId: summary.runId,
    status,
    evidence: isIncompleteStatus(status) ? "incomplete" : "complete",
    timeline: fitted.items,
    page: {
      startIndex: offset,
      endIndex,
      count: fitted.items.length,
      total: timeline.entries.length,
      hasMore,
    },
    ...(nextCursor !== undefined ? { nextCursor } : {}),
    warnings: timeline.incomplete,
    truncated: timeline.incomplete.length > 0,
  };
  return {
    page,
    navigation: {
      guidance: hasMore
        ? `Entries ${offset}–${endIndex - 1} of ${timeline.entries.length}. Continue with the exact next_page action.`
        : `End of the timeline of run ${summary.runId}.`,
      nextActions: [
        ...(nextCursor !== undefined ? [timelineAction(summary.runId, nextCursor, status, false)] : []),
        inspectAction(summary.runId, status),
        LIST_ACTION,
      ],
    },
  };
}

function fitEntry(entry: TimelineEntry): TimelineEntry {
  if (entry.kind !== "tool" || utf8ByteLength(JSON.stringify(entry)) <= TIMELINE_PAGE_MAX_BYTES - 256)
    return entry;
  const cut = (value: unknown) => truncateUtf8(JSON.stringify(value ?? null), OVERSIZED_PART_BYTES);
  return {
    ...entry,
    ...(entry.input !== undefined ? { input: cut(entry.input) } : {}),
    ...(entry.result
      ? { result: { content: cut(entry.result.content), isError: entry.result.isError } }
      : {}),
  };
}
