/**
 * Most output bytes Exec and NodeRepl keep per call (50 KiB, pi-coding-agent's `DEFAULT_MAX_BYTES`, the
 * bound Bash's output has): the first half and the last half are kept, the middle is dropped with a note.
 */
export const COMMAND_OUTPUT_MAX_BYTES = 50 * 1024;

/** Collects a stream's output up to a byte bound: head and tail kept, the middle counted and dropped. */
export class BoundedOutput {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer = Buffer.alloc(0);
  private dropped = 0;

  constructor(private readonly maxBytes: number = COMMAND_OUTPUT_MAX_BYTES) {}

  push(chunk: Buffer): void {
    const half = Math.floor(this.maxBytes / 2);
    if (this.headBytes < half) {
      const take = chunk.subarray(0, half - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      chunk = chunk.subarray(take.length);
    }
    if (chunk.length === 0) return;
    const joined = Buffer.concat([this.tail, chunk]);
    const overflow = Math.max(0, joined.length - half);
    this.dropped += overflow;
    this.tail = joined.subarray(overflow);
  }

  /** The kept text, with a note where bytes were dropped. */
  text(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    const tail = this.tail.toString("utf8");
    if (this.dropped === 0) return head + tail;
    return `${head}\n[... ${this.dropped} bytes of output omitted ...]\n${tail}`;
  }
}
