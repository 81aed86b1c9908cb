const NON_ASCII = /[^\x00-\x7f]/;

/** The NFKC-compatible view of a text with a map back to raw offsets. */
export interface NormalizedView {
  readonly text: string;
  /** Raw span covering normalized span `[start, end)`. */
  rawSpan(start: number, end: number): [number, number];
}

/**
 * Normalizes each code point to NFKC separately so every normalized unit maps back to the raw code
 * point it came from. Returns undefined when the text is already NFKC (the common case).
 */
export function normalizedView(raw: string): NormalizedView | undefined {
  if (!NON_ASCII.test(raw) || raw.normalize("NFKC") === raw) return undefined;
  let text = "";
  const starts: number[] = [];
  const ends: number[] = [];
  for (let index = 0; index < raw.length; ) {
    const codePoint = raw.codePointAt(index)!;
    const width = codePoint > 0xffff ? 2 : 1;
    const original = raw.slice(index, index + width);
    const normalized = codePoint < 0x80 ? original : original.normalize("NFKC");
    text += normalized;
    for (let unit = 0; unit < normalized.length; unit++) {
      starts.push(index);
      ends.push(index + width);
    }
    index += width;
  }
  return {
    text,
    rawSpan: (start, end) => [starts[start] ?? raw.length, ends[end - 1] ?? raw.length],
  };
}
