/** Most items waiting for vectors (reference §6.3). */
export const VECTOR_QUEUE_MAX_ITEMS = 256;
/** Most UTF-8 bytes of text waiting for vectors (reference §6.3). */
export const VECTOR_QUEUE_MAX_BYTES = 2 * 1024 * 1024;

/** A memory waiting for its vector. */
export interface PendingVector {
  id: string;
  text: string;
}

/**
 * The bounded queue in front of the embeddings endpoint: at most 256 items and 2 MiB of text. A full
 * queue refuses an item (and remembers that it did): nothing is lost, because every memory without a
 * vector is found again from the index by the next backfill scan.
 */
export class VectorQueue {
  private readonly items: PendingVector[] = [];
  private readonly queued = new Set<string>();
  private bytes = 0;
  /** An item was refused since the last backfill scan. */
  overflowed = false;

  constructor(
    readonly maxItems = VECTOR_QUEUE_MAX_ITEMS,
    readonly maxBytes = VECTOR_QUEUE_MAX_BYTES,
  ) {}

  get size(): number {
    return this.items.length;
  }

  get byteSize(): number {
    return this.bytes;
  }

  has(id: string): boolean {
    return this.queued.has(id);
  }

  /** Queues an item unless it is queued already; false (and `overflowed`) when the queue is full. */
  offer(item: PendingVector): boolean {
    if (this.queued.has(item.id)) return true;
    const bytes = Buffer.byteLength(item.text, "utf8");
    if (this.items.length >= this.maxItems || this.bytes + bytes > this.maxBytes) {
      this.overflowed = true;
      return false;
    }
    this.items.push(item);
    this.queued.add(item.id);
    this.bytes += bytes;
    return true;
  }

  /** The first `count` items, still queued until {@link remove}. */
  peek(count: number): PendingVector[] {
    return this.items.slice(0, count);
  }

  /** Removes the first `count` items (after their vectors were stored). */
  remove(count: number): void {
    for (const item of this.items.splice(0, count)) {
      this.queued.delete(item.id);
      this.bytes -= Buffer.byteLength(item.text, "utf8");
    }
  }
}
