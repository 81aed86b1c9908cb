import { utf8ByteLength } from "@mono-agent/evidence";

/**
 * Largest tool output text the model sees as is, in bytes (UTF-8). 50 KiB matches pi-coding-agent's
 * `DEFAULT_MAX_BYTES` (51 200), the bound its own tools truncate at.
 */
export const MAX_TOOL_OUTPUT_BYTES = 50 * 1024;

/** Most lines of tool output the model sees as is; pi-coding-agent's `DEFAULT_MAX_LINES` (2 000). */
export const MAX_TOOL_OUTPUT_LINES = 2_000;

/** Lines kept from the start of an oversize output: 40 % of the line bound, leaving room for the tail. */
export const OVERSIZE_HEAD_LINES = 800;

/** Lines kept from the end of an oversize output: the end usually holds the summary or the error. */
export const OVERSIZE_TAIL_LINES = 800;

/** Bytes kept from the start of an oversize output: 40 % of the byte bound. */
export const OVERSIZE_HEAD_BYTES = 20 * 1024;

/** Bytes kept from the end of an oversize output: 40 % of the byte bound. */
export const OVERSIZE_TAIL_BYTES = 20 * 1024;

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** Longest file name part derived from a tool name and call id (Linux allows 255 bytes per name). */
const MAX_FILE_NAME_STEM = 160;

/** Where an oversize output is saved: `<toolOutputDir>/<runId>/<fileStem>.txt`. */
export interface OversizeOutputTarget {
  toolOutputDir: string;
  runId: string;
  /** Usually `<tool name>-<tool call id>`; made safe for a file name. */
  fileStem: string;
  /** Applied to the full text before it is saved (the host's secrets replaced). */
  redactText?: (text: string) => string;
}

/** Result of {@link limitToolOutput}. */
export interface LimitedToolOutput {
  /** What the model sees: the text itself, or head + note + tail. */
  text: string;
  truncated: boolean;
  /** The file holding the full text, when it was truncated and saved. */
  savedPath?: string;
  totalBytes: number;
  totalLines: number;
}

/** True when `text` passes {@link MAX_TOOL_OUTPUT_BYTES} or {@link MAX_TOOL_OUTPUT_LINES}. */
export function isOversizeOutput(text: string): boolean {
  const mayPassBytes = text.length * 3 > MAX_TOOL_OUTPUT_BYTES;
  return (
    (mayPassBytes && utf8ByteLength(text) > MAX_TOOL_OUTPUT_BYTES) || countLines(text) > MAX_TOOL_OUTPUT_LINES
  );
}

/**
 * Returns `text` unchanged when it is within bounds; otherwise saves the full text (file 0600, folders
 * 0700) and returns head + a note naming the file (and what was left out) + tail. A failure to save is
 * named in the note instead; the model still gets head + tail. `node:fs` is loaded only to save, so the
 * root entry of the package loads on any runtime.
 */
export async function limitToolOutput(
  text: string,
  target: OversizeOutputTarget,
): Promise<LimitedToolOutput> {
  const totalBytes = utf8ByteLength(text);
  const totalLines = countLines(text);
  if (totalBytes <= MAX_TOOL_OUTPUT_BYTES && totalLines <= MAX_TOOL_OUTPUT_LINES) {
    return { text, truncated: false, totalBytes, totalLines };
  }
  const head = headOf(text, OVERSIZE_HEAD_LINES, OVERSIZE_HEAD_BYTES);
  const tail = tailOf(text.slice(head.length), OVERSIZE_TAIL_LINES, OVERSIZE_TAIL_BYTES);
  const omittedBytes = totalBytes - utf8ByteLength(head) - utf8ByteLength(tail);
  const omittedLines = Math.max(0, totalLines - countLines(head) - countLines(tail));
  let savedPath: string | undefined;
  let where: string;
  try {
    savedPath = await saveFullOutput(text, target);
    where = `the full output (${totalBytes} bytes, ${totalLines} lines) was saved to ${savedPath}`;
  } catch (error) {
    where = `the full output (${totalBytes} bytes, ${totalLines} lines) could not be saved: ${(error as Error).message}`;
  }
  const note = `\n[... output truncated: ${omittedBytes} bytes (about ${omittedLines} lines) omitted; ${where} ...]\n`;
  const headText = head.endsWith("\n") || head === "" ? head : `${head}\n`;
  return { text: `${headText}${note.slice(1)}${tail}`, truncated: true, savedPath, totalBytes, totalLines };
}

async function saveFullOutput(text: string, target: OversizeOutputTarget): Promise<string> {
  const [{ mkdir, writeFile }, { join }] = await Promise.all([
    import("node:fs/promises"),
    import("node:path"),
  ]);
  const runDir = join(target.toolOutputDir, safePathSegment(target.runId, MAX_FILE_NAME_STEM));
  await mkdir(runDir, { recursive: true, mode: 0o700 });
  const stem = safePathSegment(target.fileStem, MAX_FILE_NAME_STEM);
  for (let attempt = 0; ; attempt += 1) {
    const path = join(runDir, attempt === 0 ? `${stem}.txt` : `${stem}-${attempt}.txt`);
    try {
      await writeFile(path, target.redactText ? target.redactText(text) : text, { mode: 0o600, flag: "wx" });
      return path;
    } catch (error) {
      if ((error as { code?: unknown }).code !== "EEXIST" || attempt >= 100) throw error;
    }
  }
}

/** `text` reduced to `[A-Za-z0-9._-]`, never `.` or `..`, at most `maxLength` characters. */
export function safePathSegment(text: string, maxLength: number): string {
  const safe = text.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, maxLength);
  return safe === "" || /^\.+$/.test(safe) ? "_" : safe;
}

function countLines(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) lines += 1;
  return text.endsWith("\n") ? lines - 1 : lines;
}

function headOf(text: string, maxLines: number, maxBytes: number): string {
  let end = 0;
  for (let line = 0; line < maxLines && end < text.length; line += 1) {
    const newline = text.indexOf("\n", end);
    end = newline === -1 ? text.length : newline + 1;
  }
  const head = text.slice(0, end);
  if (utf8ByteLength(head) <= maxBytes) return head;
  return utf8Decoder.decode(utf8Encoder.encode(head).subarray(0, maxBytes)).replace(/\uFFFD+$/, "");
}

function tailOf(text: string, maxLines: number, maxBytes: number): string {
  let start = text.length;
  const searchFrom = text.endsWith("\n") ? text.length - 2 : text.length - 1;
  let cursor = searchFrom;
  for (let line = 0; line < maxLines && cursor >= 0; line += 1) {
    const newline = text.lastIndexOf("\n", cursor);
    start = newline + 1;
    cursor = newline - 1;
    if (newline === -1) break;
  }
  const tail = text.slice(start);
  if (utf8ByteLength(tail) <= maxBytes) return tail;
  const bytes = utf8Encoder.encode(tail);
  return utf8Decoder.decode(bytes.subarray(bytes.length - maxBytes)).replace(/^\uFFFD+/, "");
}
