/**
 * Bytes of stderr kept per stdio server. 16 KiB holds the last screenful of a crash report or a
 * stack trace, which is what a user needs to see why a server failed, while bounding memory per run.
 */
export const STDERR_TAIL_BYTES = 16 * 1024;

/**
 * Bytes of the start of stderr kept beside the tail. A start-up failure usually says what went wrong
 * first ("Error: Cannot find module …") and then prints a stack; 2 KiB holds that first message even
 * when the stack pushes it out of the tail.
 */
export const STDERR_HEAD_BYTES = 2 * 1024;

/** A line that names a failure, preferred as the head of an excerpt: `Error: …`, `ModuleNotFoundError`, `fatal: …`. */
const ERROR_LINE = /(^|\b)(\w*Error|Exception|Traceback|fatal|panic|ERR_[A-Z_]+)\b/;

/** Share of an excerpt's characters given to its head; the rest goes to the tail (the latest output). */
const EXCERPT_HEAD_SHARE = 0.4;

/**
 * A bounded record of a byte stream: its first {@link STDERR_HEAD_BYTES} bytes and its last `limitBytes`
 * bytes, decoded as UTF-8 on read.
 */
export class StderrTail {
  private chunks: Buffer[] = [];
  private byteLength = 0;
  private droppedBytes = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(private readonly limitBytes: number = STDERR_TAIL_BYTES) {}

  append(chunk: Buffer): void {
    if (this.headLength < STDERR_HEAD_BYTES) {
      const piece = chunk.subarray(0, STDERR_HEAD_BYTES - this.headLength);
      this.head.push(piece);
      this.headLength += piece.length;
    }
    this.chunks.push(chunk);
    this.byteLength += chunk.length;
    while (this.byteLength > this.limitBytes && this.chunks.length > 0) {
      const first = this.chunks[0]!;
      const excess = this.byteLength - this.limitBytes;
      if (first.length <= excess) {
        this.chunks.shift();
        this.byteLength -= first.length;
        this.droppedBytes += first.length;
      } else {
        this.chunks[0] = first.subarray(excess);
        this.byteLength -= excess;
        this.droppedBytes += excess;
      }
    }
  }

  /** The kept text; a cut multi-byte character at the start is dropped. */
  text(): string {
    const text = Buffer.concat(this.chunks).toString("utf8");
    return this.droppedBytes > 0 ? text.replace(/^\uFFFD+/, "") : text;
  }

  /** The last non-empty lines of the kept text, at most `maxCharacters` long in total. */
  lastLines(maxCharacters: number): string {
    const text = this.text().trimEnd();
    return text.length <= maxCharacters ? text : text.slice(text.length - maxCharacters);
  }

  /**
   * About `maxCharacters` of stderr for a person: all of it when it fits, else its head (the first line
   * that names an error, or the first lines) and its tail joined by `…`, so neither the first error
   * message nor the last words are lost.
   */
  excerpt(maxCharacters: number): string {
    const tail = this.text().trimEnd();
    const headText = Buffer.concat(this.head)
      .toString("utf8")
      .replace(/\uFFFD+$/, "");
    const whole = this.droppedBytes > 0 ? `${headText.trimEnd()}\n…\n${tail}` : tail;
    if (whole.length <= maxCharacters) return whole.trim();
    const headBudget = Math.floor(maxCharacters * EXCERPT_HEAD_SHARE);
    const lines = headText.split("\n");
    const errorLine = lines.find((line) => ERROR_LINE.test(line));
    const head = (errorLine ?? headText).trim().slice(0, headBudget);
    const rest = maxCharacters - head.length - 3;
    return `${head}\n…\n${tail.slice(tail.length - rest).trimStart()}`;
  }
}
