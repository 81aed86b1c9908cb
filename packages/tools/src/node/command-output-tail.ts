import { randomBytes } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TOOL_OUTPUT_MAX_BYTES, TOOL_OUTPUT_MAX_LINES } from "./file-tool-limits.js";
import { type Truncation, truncateTail } from "./truncate-output.js";

/**
 * Decoded output kept in memory while a command runs: twice the byte bound, so a tail of
 * {@link TOOL_OUTPUT_MAX_BYTES} of whole lines can always be cut from it.
 */
const KEPT_TAIL_BYTES = 2 * TOOL_OUTPUT_MAX_BYTES;

/** A view of the output so far: the tail the model sees, how it was cut, where the whole output is. */
export interface OutputSnapshot {
  content: string;
  truncation: Truncation;
  fullOutputPath: string | undefined;
}

/**
 * The streamed output of a command in bounded memory: a decoded tail for the model, line and byte totals,
 * and, once the output passes the bounds, every raw byte in a temp file (mode 0600) the notice names.
 */
export class CommandOutputTail {
  private readonly decoder = new TextDecoder();
  private tail = "";
  private tailStartsAtLine = true;
  private pending: Buffer[] = [];
  private totalBytes = 0;
  private totalLines = 1;
  private lastLineBytes = 0;
  private file: WriteStream | undefined;
  private path: string | undefined;

  constructor(private readonly filePrefix: string) {}

  append(chunk: Buffer): void {
    this.addText(this.decoder.decode(chunk, { stream: true }));
    if (this.file || this.overBounds()) {
      this.openFile();
      this.file?.write(chunk);
    } else {
      this.pending.push(chunk);
    }
  }

  finish(): void {
    this.addText(this.decoder.decode());
    if (this.overBounds()) this.openFile();
  }

  /** Bytes of the last (unfinished) line, for the notice of a tail cut inside it. */
  get lastLineSize(): number {
    return this.lastLineBytes;
  }

  snapshot(): OutputSnapshot {
    const text = this.tailStartsAtLine ? this.tail : this.tail.slice(this.tail.indexOf("\n") + 1);
    const cut = truncateTail(text);
    const truncated = this.overBounds();
    const truncation: Truncation = {
      ...cut,
      truncated,
      truncatedBy: truncated
        ? (cut.truncatedBy ?? (this.totalBytes > TOOL_OUTPUT_MAX_BYTES ? "bytes" : "lines"))
        : null,
      totalLines: this.countedLines,
      totalBytes: this.totalBytes,
    };
    if (truncated) this.openFile();
    return { content: cut.content, truncation, fullOutputPath: this.path };
  }

  async close(): Promise<void> {
    const file = this.file;
    this.file = undefined;
    if (!file) return;
    await new Promise<void>((resolve, reject) => {
      file.once("error", reject);
      file.end(() => resolve());
    });
  }

  /** Lines of the output: a final newline ends the last line, it does not start one more (as pi 1.6 counts). */
  private get countedLines(): number {
    return this.totalBytes > 0 && this.lastLineBytes === 0 ? this.totalLines - 1 : this.totalLines;
  }

  private overBounds(): boolean {
    return this.totalBytes > TOOL_OUTPUT_MAX_BYTES || this.countedLines > TOOL_OUTPUT_MAX_LINES;
  }

  private openFile(): void {
    if (this.path !== undefined) return;
    this.path = join(tmpdir(), `${this.filePrefix}-${randomBytes(8).toString("hex")}.log`);
    this.file = createWriteStream(this.path, { mode: 0o600, flags: "wx" });
    this.file.on("error", () => {
      // The notice still names the path; a full disk loses the copy, never the run.
    });
    for (const chunk of this.pending) this.file.write(chunk);
    this.pending = [];
  }

  private addText(text: string): void {
    if (text === "") return;
    const bytes = Buffer.byteLength(text, "utf8");
    this.totalBytes += bytes;
    this.tail += text;
    if (Buffer.byteLength(this.tail, "utf8") > 2 * KEPT_TAIL_BYTES) this.trimTail();
    const lastNewline = text.lastIndexOf("\n");
    if (lastNewline === -1) {
      this.lastLineBytes += bytes;
      return;
    }
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
      this.totalLines += 1;
    this.lastLineBytes = Buffer.byteLength(text.slice(lastNewline + 1), "utf8");
  }

  private trimTail(): void {
    const bytes = Buffer.from(this.tail, "utf8");
    let start = bytes.length - KEPT_TAIL_BYTES;
    while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start += 1;
    this.tailStartsAtLine = bytes[start - 1] === 0x0a;
    this.tail = bytes.subarray(start).toString("utf8");
  }
}
