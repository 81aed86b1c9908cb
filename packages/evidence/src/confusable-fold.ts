import unhomoglyph from "unhomoglyph";

/**
 * Distinct non-ASCII code points whose fold is remembered: a text uses few distinct code points, and
 * the table lookup costs some microseconds, so 4,096 covers any one script and stays under 1 MB.
 */
const FOLD_CACHE_MAX = 4_096;

const COMBINING_MARK = /\p{Mn}/gu;

/** ASCII is lower-cased before the table, so `I` stays `i` (the table alone maps it to `l`). */
function foldAscii(character: string): string {
  return unhomoglyph(character.toLowerCase()).toLowerCase();
}

/**
 * Anything else is mapped in its own case first (Greek capital eta looks like `H`, its lower case like
 * `n`), then lower-cased, then each character of the prototype folded again.
 */
function foldUncached(codePoint: string): string {
  const prototype = unhomoglyph(codePoint.normalize("NFKD").replace(COMBINING_MARK, "")).toLowerCase();
  let out = "";
  for (const character of prototype)
    out += character.charCodeAt(0) < 0x80 ? foldAscii(character) : unhomoglyph(character).toLowerCase();
  return out;
}

const asciiFolds: string[] = Array.from({ length: 128 }, (_, code) => foldAscii(String.fromCharCode(code)));
const cache = new Map<string, string>();

/**
 * One code point as configured values are compared through disguise: compatibility-decomposed (NFKD),
 * combining marks dropped, mapped to its prototype in the Unicode confusables table (UTS #39
 * `confusables.txt` 13.0 as the `unhomoglyph` package ships it) and lower-cased, so `а` (Cyrillic) and
 * `A` are `a`, `Η` (Greek) is `h`, `0` is `o` and `m` is `rn`; ASCII letters are lower-cased first, so
 * the comparison stays case-insensitive. Apply it to both sides of a comparison: the result is for matching, not for
 * reading.
 */
export function confusableFold(codePoint: string): string {
  const code = codePoint.charCodeAt(0);
  if (code < 0x80 && codePoint.length === 1) return asciiFolds[code]!;
  let folded = cache.get(codePoint);
  if (folded === undefined) {
    folded = foldUncached(codePoint);
    if (cache.size >= FOLD_CACHE_MAX) cache.clear();
    cache.set(codePoint, folded);
  }
  return folded;
}

/** `text` folded one code point at a time with {@link confusableFold}. */
export function confusableFoldText(text: string): string {
  let out = "";
  for (const codePoint of text) out += confusableFold(codePoint);
  return out;
}
