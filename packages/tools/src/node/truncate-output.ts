import { TOOL_OUTPUT_MAX_BYTES, TOOL_OUTPUT_MAX_LINES } from "./file-tool-limits.js";

/** What {@link truncateHead} or {@link truncateTail} kept of a text. */
export interface Truncation {
  /** The kept text: whole lines (a tail may start inside its one over-long line). */
  content: string;
  truncated: boolean;
  /** Which bound cut the text, when one did. */
  truncatedBy: "lines" | "bytes" | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  /** The tail is the end of one line longer than the byte bound. */
  lastLinePartial: boolean;
  /** The head is empty: its first line alone is over the byte bound. */
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}

/** Bounds of a truncation (default: the tool output bounds). */
export interface TruncationBounds {
  maxLines?: number;
  maxBytes?: number;
}

const bytesOf = (text: string): number => Buffer.byteLength(text, "utf8");

/** A byte count as the truncation notices show it: `512B`, `50.0KB`, `1.5MB`. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function untruncated(
  content: string,
  lines: number,
  bytes: number,
  maxLines: number,
  maxBytes: number,
): Truncation {
  return {
    content,
    truncated: false,
    truncatedBy: null,
    totalLines: lines,
    totalBytes: bytes,
    outputLines: lines,
    outputBytes: bytes,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes,
  };
}

/**
 * The first whole lines of `text` within both bounds (for file reads: the model continues with `offset`).
 * When the first line alone is over the byte bound, nothing is kept and `firstLineExceedsLimit` says so.
 */
export function truncateHead(text: string, bounds: TruncationBounds = {}): Truncation {
  const maxLines = bounds.maxLines ?? TOOL_OUTPUT_MAX_LINES;
  const maxBytes = bounds.maxBytes ?? TOOL_OUTPUT_MAX_BYTES;
  const lines = text.split("\n");
  const totalBytes = bytesOf(text);
  if (lines.length <= maxLines && totalBytes <= maxBytes)
    return untruncated(text, lines.length, totalBytes, maxLines, maxBytes);
  let kept = 0;
  let keptBytes = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  while (kept < lines.length && kept < maxLines) {
    const size = bytesOf(lines[kept] ?? "") + (kept > 0 ? 1 : 0);
    if (keptBytes + size > maxBytes) {
      truncatedBy = "bytes";
      break;
    }
    keptBytes += size;
    kept += 1;
  }
  const content = lines.slice(0, kept).join("\n");
  return {
    content,
    truncated: true,
    truncatedBy,
    totalLines: lines.length,
    totalBytes,
    outputLines: kept,
    outputBytes: bytesOf(content),
    lastLinePartial: false,
    firstLineExceedsLimit: kept === 0 && truncatedBy === "bytes",
    maxLines,
    maxBytes,
  };
}

/**
 * The last whole lines of `text` within both bounds (for command output: the end holds the result or the
 * error). When the last line alone is over the byte bound, its end is kept and `lastLinePartial` says so.
 */
export function truncateTail(text: string, bounds: TruncationBounds = {}): Truncation {
  const maxLines = bounds.maxLines ?? TOOL_OUTPUT_MAX_LINES;
  const maxBytes = bounds.maxBytes ?? TOOL_OUTPUT_MAX_BYTES;
  const totalBytes = bytesOf(text);
  const untrimmedLines = text.split("\n");
  if (untrimmedLines.length <= maxLines && totalBytes <= maxBytes)
    return untruncated(text, untrimmedLines.length, totalBytes, maxLines, maxBytes);
  // A final newline ends the last line; it does not start one more (pi 1.6 counts `seq 1 3000` as 3,000 lines).
  const lines = text.endsWith("\n") ? text.slice(0, -1).split("\n") : untrimmedLines;
  const kept: string[] = [];
  let keptBytes = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  let lastLinePartial = false;
  for (let index = lines.length - 1; index >= 0 && kept.length < maxLines; index -= 1) {
    const line = lines[index] ?? "";
    const size = bytesOf(line) + (kept.length > 0 ? 1 : 0);
    if (keptBytes + size > maxBytes) {
      truncatedBy = "bytes";
      if (kept.length === 0) {
        kept.push(endOfLine(line, maxBytes));
        lastLinePartial = true;
      }
      break;
    }
    kept.unshift(line);
    keptBytes += size;
  }
  const content = kept.join("\n");
  return {
    content,
    truncated: true,
    truncatedBy,
    totalLines: lines.length,
    totalBytes,
    outputLines: kept.length,
    outputBytes: bytesOf(content),
    lastLinePartial,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes,
  };
}

/** The last `maxBytes` bytes of `line`, starting on a character boundary. */
function endOfLine(line: string, maxBytes: number): string {
  const bytes = Buffer.from(line, "utf8");
  let start = Math.max(0, bytes.length - maxBytes);
  while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
  return bytes.subarray(start).toString("utf8");
}
