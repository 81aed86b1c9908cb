import { EvidenceError } from "./evidence-error.js";
import { utf8ByteLength } from "./truncate-utf8.js";

/** Options of {@link fitPageToBytes}. */
export interface FitPageOptions {
  /** Upper bound on the UTF-8 size of `JSON.stringify(items)` for the returned items. */
  readonly maxBytes: number;
  /** Upper bound on the number of returned items (defaults to no bound beyond bytes). */
  readonly maxItems?: number;
}

/** Result of {@link fitPageToBytes}. */
export interface FittedPage<T> {
  /** The leading items that fit. */
  readonly items: T[];
  /** Index of the first item left out (equals `items.length`); the next page starts here. */
  readonly nextIndex: number;
  /** True when items were left out. */
  readonly hasMore: boolean;
  /** True when only the first item was returned although it alone exceeds `maxBytes`. */
  readonly firstItemOversized: boolean;
}

/**
 * Takes the longest leading run of `items` whose JSON array serialization stays within
 * `maxBytes` and `maxItems` — the byte bound for serialized pages (RunHistory timeline pages of
 * about 16 KiB, MemoryJournal's 8 KiB of entries). The first item is always taken so paging makes
 * progress; bound single items first (see `redactJson`'s `maxStringBytes`) and check
 * `firstItemOversized`.
 */
export function fitPageToBytes<T>(items: readonly T[], options: FitPageOptions): FittedPage<T> {
  const { maxBytes, maxItems = Number.MAX_SAFE_INTEGER } = options;
  for (const [name, value] of [
    ["maxBytes", maxBytes],
    ["maxItems", maxItems],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new EvidenceError("invalid_argument", `${name} must be a positive integer; received ${value}.`);
    }
  }
  const taken: T[] = [];
  let bytes = 2;
  let firstItemOversized = false;
  for (const item of items) {
    if (taken.length >= maxItems) break;
    const itemBytes = utf8ByteLength(JSON.stringify(item) ?? "null") + (taken.length > 0 ? 1 : 0);
    if (bytes + itemBytes > maxBytes) {
      if (taken.length > 0) break;
      firstItemOversized = true;
    }
    taken.push(item);
    bytes += itemBytes;
    if (firstItemOversized) break;
  }
  return { items: taken, nextIndex: taken.length, hasMore: taken.length < items.length, firstItemOversized };
}
