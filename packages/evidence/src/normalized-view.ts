const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Code points that render as nothing (or as blank) and so can hide inside a token: every Unicode
 * Default_Ignorable_Code_Point (zero-width space and joiners, soft hyphen, word joiner and the
 * invisible operators, BOM, variation selectors, tag characters, Hangul fillers …) and U+2800
 * (braille blank, which fonts draw as a space but is not white space).
 */
export const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/u;

/** A text as the scanner matches it, with a map back to raw offsets. */
export interface NormalizedView {
  readonly text: string;
  /** Raw span covering view span `[start, end)`. */
  rawSpan(start: number, end: number): [number, number];
}

/** The two views of one raw text the scanner matches against. */
export interface MatchViews {
  /** NFKC, invisible code points removed, case kept (token shapes and assignments). */
  readonly exact: NormalizedView;
  /** The same, lower-cased (configured values, compared case-insensitively). */
  readonly folded: NormalizedView;
}

/** How {@link matchViews} builds its views; the defaults are what the scanner uses. */
export interface MatchViewOptions {
  /** Remove invisible code points from the views (default true). */
  readonly removeInvisible?: boolean;
}

const identity = (text: string): NormalizedView => ({ text, rawSpan: (start, end) => [start, end] });

/** True when `text` holds a code point that {@link matchViews} removes. */
export function hasInvisibleCodePoints(text: string): boolean {
  return NON_ASCII.test(text) && INVISIBLE.test(text);
}

/** Every run of invisible code points (global). */
const INVISIBLE_RUN = /[\p{Default_Ignorable_Code_Point}\u2800]+/gu;

/** A maximal run of ASCII, or of anything else (global). */
const RUN = /[\x00-\x7f]+|[^\x00-\x7f]+/g;

/**
 * Builds the views chunk by chunk between invisible code points (which are dropped): a chunk that
 * is already NFKC (and lower-cases to the same length) is copied with an identity map; otherwise
 * its ASCII runs are copied and the rest is normalized each code point at a time, so every view
 * unit maps back to the raw code point it came from. Plain ASCII takes a fast path.
 */
export function matchViews(raw: string, options: MatchViewOptions = {}): MatchViews {
  if (!NON_ASCII.test(raw)) return { exact: identity(raw), folded: identity(raw.toLowerCase()) };
  const views = { exact: new ViewBuilder(raw), folded: new ViewBuilder(raw) };
  if (options.removeInvisible === false) appendChunk(views, raw, 0);
  else {
    let cursor = 0;
    INVISIBLE_RUN.lastIndex = 0;
    for (let match = INVISIBLE_RUN.exec(raw); match; match = INVISIBLE_RUN.exec(raw)) {
      appendChunk(views, raw.slice(cursor, match.index), cursor);
      cursor = match.index + match[0].length;
    }
    appendChunk(views, raw.slice(cursor), cursor);
  }
  return { exact: views.exact.build(), folded: views.folded.build() };
}

function appendChunk(views: { exact: ViewBuilder; folded: ViewBuilder }, chunk: string, start: number): void {
  if (chunk.length === 0) return;
  const stable = chunk.normalize("NFKC") === chunk;
  if (stable) {
    views.exact.appendIdentity(chunk, start);
    const lower = chunk.toLowerCase();
    if (lower.length === chunk.length) {
      views.folded.appendIdentity(lower, start);
      return;
    }
  }
  RUN.lastIndex = 0;
  for (let match = RUN.exec(chunk); match; match = RUN.exec(chunk)) {
    const run = match[0];
    const runStart = start + match.index;
    if (run.charCodeAt(0) < 0x80) {
      if (!stable) views.exact.appendIdentity(run, runStart);
      views.folded.appendIdentity(run.toLowerCase(), runStart);
      continue;
    }
    for (let index = 0; index < run.length; ) {
      const width = run.codePointAt(index)! > 0xffff ? 2 : 1;
      const normalized = run.slice(index, index + width).normalize("NFKC");
      const from = runStart + index;
      if (!stable) views.exact.appendMapped(normalized, from, from + width);
      views.folded.appendMapped(normalized.toLowerCase(), from, from + width);
      index += width;
    }
  }
}

/** `text` as {@link matchViews} folds it: the text of its folded view. */
export function foldForMatch(text: string): string {
  return matchViews(text).folded.text;
}

/**
 * A view under construction: its text in pieces and a piecewise map to raw offsets. An identity
 * segment maps unit by unit; a mapped segment maps all its units to one raw span (a code point, or
 * an escape such as `%41`).
 */
export class ViewBuilder {
  private readonly pieces: string[] = [];
  private length = 0;
  private readonly viewStarts: number[] = [];
  private readonly rawStarts: number[] = [];
  /** Raw end of a mapped segment; -1 for an identity segment. */
  private readonly rawEnds: number[] = [];

  constructor(private readonly raw: string) {}

  appendIdentity(units: string, rawStart: number): void {
    this.push(units, rawStart, -1);
  }

  appendMapped(units: string, rawStart: number, rawEnd: number): void {
    if (units.length > 0) this.push(units, rawStart, rawEnd);
  }

  private push(units: string, rawStart: number, rawEnd: number): void {
    this.pieces.push(units);
    this.viewStarts.push(this.length);
    this.rawStarts.push(rawStart);
    this.rawEnds.push(rawEnd);
    this.length += units.length;
  }

  build(): NormalizedView {
    const { viewStarts, rawStarts, rawEnds, raw, length } = this;
    const segmentOf = (unit: number): number => {
      let low = 0;
      let high = viewStarts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (viewStarts[middle]! <= unit) low = middle;
        else high = middle - 1;
      }
      return low;
    };
    const rawStartOf = (unit: number): number => {
      const segment = segmentOf(unit);
      return rawEnds[segment] === -1
        ? rawStarts[segment]! + unit - viewStarts[segment]!
        : rawStarts[segment]!;
    };
    const rawEndOf = (unit: number): number => {
      const segment = segmentOf(unit);
      return rawEnds[segment] === -1
        ? rawStarts[segment]! + unit - viewStarts[segment]! + 1
        : rawEnds[segment]!;
    };
    return {
      text: this.pieces.join(""),
      rawSpan: (start, end) => [
        start < length ? rawStartOf(start) : raw.length,
        end > 0 && end <= length ? rawEndOf(end - 1) : raw.length,
      ],
    };
  }
}
