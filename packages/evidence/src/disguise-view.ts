import { confusableFold } from "./confusable-fold.js";
import { INVISIBLE, type NormalizedView, ViewBuilder } from "./normalized-view.js";

const WHITE_SPACE = /\s/gu;
const HEX_DIGIT = /^[0-9a-fA-F]{2}$/;

/**
 * Every raw character the disguise view does not copy as its lower case (global): controls, white space
 * and DEL (dropped), `%` (an escape), the ASCII characters the confusables table maps (`0`, `1`, `m`,
 * `M`, `|`, backtick, double quote), and anything beyond ASCII.
 */
const SPECIAL = /[\x00-\x20\x7f%01mM|`"]|[^\x00-\x7f]/gu;

/** First and last Unicode tag characters that mirror printable ASCII (U+E0020 space … U+E007E tilde). */
const TAG_PRINTABLE_FIRST = 0xe0020;
const TAG_PRINTABLE_LAST = 0xe007e;
const TAG_OFFSET = 0xe0000;

/** What one raw code point becomes in the disguise view ("" drops it). */
function disguiseFold(codePoint: string): string {
  const code = codePoint.codePointAt(0)!;
  if (code < 0x80) return code <= 0x20 || code === 0x7f ? "" : confusableFold(codePoint);
  if (code >= TAG_PRINTABLE_FIRST && code <= TAG_PRINTABLE_LAST)
    return disguiseFold(String.fromCharCode(code - TAG_OFFSET));
  if (INVISIBLE.test(codePoint)) return "";
  return confusableFold(codePoint).replace(WHITE_SPACE, "");
}

/**
 * The view configured values are matched in when they are disguised: percent escapes of ASCII
 * (`%41`) decoded, Unicode tag characters read as the ASCII they mirror, white space, controls and
 * invisible code points dropped, and every code point folded with {@link confusableFold}. Each view
 * unit maps back to the raw code point (or escape) it came from.
 */
export function disguiseView(raw: string): NormalizedView {
  const view = new ViewBuilder(raw);
  let cursor = 0;
  SPECIAL.lastIndex = 0;
  for (let match = SPECIAL.exec(raw); match; match = SPECIAL.exec(raw)) {
    const index = match.index;
    // Between special characters the view is the raw text lower-cased, unit for unit.
    if (index > cursor) view.appendIdentity(raw.slice(cursor, index).toLowerCase(), cursor);
    const code = raw.codePointAt(index)!;
    let width = code > 0xffff ? 2 : 1;
    let folded: string;
    if (code === 0x25 && HEX_DIGIT.test(raw.slice(index + 1, index + 3))) {
      const byte = Number.parseInt(raw.slice(index + 1, index + 3), 16);
      folded =
        byte < 0x80 ? disguiseFold(String.fromCharCode(byte)) : raw.slice(index, index + 3).toLowerCase();
      width = 3;
    } else folded = disguiseFold(raw.slice(index, index + width));
    view.appendMapped(folded, index, index + width);
    cursor = index + width;
    SPECIAL.lastIndex = cursor;
  }
  if (cursor < raw.length) view.appendIdentity(raw.slice(cursor).toLowerCase(), cursor);
  return view.build();
}

/** What {@link disguiseText} replaces (global): escapes, runs of dropped characters, the rest of SPECIAL. */
const REPLACED = /%[0-9a-fA-F]{2}|[\x00-\x20\x7f]+|[%01mM|`"]|[^\x00-\x7f]/gu;

function replaceSpecial(match: string): string {
  if (match.length === 3 && match.charCodeAt(0) === 0x25) {
    const byte = Number.parseInt(match.slice(1), 16);
    return byte < 0x80 ? disguiseFold(String.fromCharCode(byte)) : match;
  }
  return match.charCodeAt(0) <= 0x20 || match.charCodeAt(0) === 0x7f ? "" : disguiseFold(match);
}

/**
 * The text of {@link disguiseView} without its map back to raw offsets, built with native string
 * replacement: an order of magnitude faster, so the scanner builds the mapped view only for a text
 * where a disguised value was found.
 */
export function disguiseText(raw: string): string {
  return raw.replace(REPLACED, replaceSpecial).toLowerCase();
}

/** `text` as {@link disguiseView} reads it: the needle side of a disguised comparison. */
export function disguiseFoldText(text: string): string {
  return disguiseView(text).text;
}

/** True when `text` holds a Unicode tag character that mirrors printable ASCII. */
export function hasTagText(text: string): boolean {
  return /[\u{E0020}-\u{E007E}]/u.test(text);
}

/**
 * `raw` with each tag character that mirrors printable ASCII read as that character (token shapes
 * written in tag characters are invisible on screen but read by a model), mapping back to raw offsets.
 */
export function tagDecodedView(raw: string): NormalizedView {
  const view = new ViewBuilder(raw);
  let cursor = 0;
  const tags = /[\u{E0020}-\u{E007E}]/gu;
  for (let match = tags.exec(raw); match; match = tags.exec(raw)) {
    if (match.index > cursor) view.appendIdentity(raw.slice(cursor, match.index), cursor);
    view.appendMapped(
      String.fromCharCode(match[0].codePointAt(0)! - TAG_OFFSET),
      match.index,
      match.index + 2,
    );
    cursor = match.index + 2;
  }
  if (cursor < raw.length) view.appendIdentity(raw.slice(cursor), cursor);
  return view.build();
}
