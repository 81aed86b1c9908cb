/**
 * Bytes of stderr kept per stdio server. 16 KiB holds the last screenful of a crash report or a
 * stack trace, which is what a user needs to see why a server failed, while bounding memory per run.
 */
export const STDERR_TAIL_BYTES = 16 * 1024;

/** A bounded tail of a byte stream: keeps the last `limitBytes` bytes seen, decoded as UTF-8 on read. */
export class StderrTail {
  private chunks: Buffer[] = [];
  private byteLength = 0;
  private droppedBytes = 0;

  constructor(private readonly limitBytes: number = STDERR_TAIL_BYTES) {}

  append(chunk: Buffer): void {
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
}
