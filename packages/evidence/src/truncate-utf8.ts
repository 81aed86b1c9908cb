import { EvidenceError } from "./evidence-error.js";

/**
 * UTF-8 byte length of `text` as `TextEncoder` would write it (a lone surrogate counts as the
 * three bytes of U+FFFD). Does not allocate.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Cuts `text` so that its UTF-8 form, including the marker `…[truncated N bytes]`, fits in
 * `maxBytes`. N is the number of bytes of `text` left out. The cut never splits a code point
 * (surrogate pairs stay whole). Text that already fits is returned unchanged; a budget too small
 * to hold the marker yields the longest code-point-safe prefix without a marker.
 *
 * @throws EvidenceError `invalid_argument` when `maxBytes` is not a non-negative integer.
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new EvidenceError(
      "invalid_argument",
      `maxBytes must be a non-negative integer; received ${maxBytes}.`,
    );
  }
  if (text.length * 3 <= maxBytes) return text;
  const totalBytes = utf8ByteLength(text);
  if (totalBytes <= maxBytes) return text;
  const markerBudget = utf8ByteLength(truncationMarker(totalBytes));
  if (markerBudget > maxBytes) return text.slice(0, prefixLengthWithin(text, maxBytes).length);
  let prefix = prefixLengthWithin(text, maxBytes - markerBudget);
  const tighterBudget = utf8ByteLength(truncationMarker(totalBytes - prefix.bytes));
  if (tighterBudget < markerBudget) {
    const longer = prefixLengthWithin(text, maxBytes - tighterBudget);
    if (longer.bytes + utf8ByteLength(truncationMarker(totalBytes - longer.bytes)) <= maxBytes)
      prefix = longer;
  }
  return text.slice(0, prefix.length) + truncationMarker(totalBytes - prefix.bytes);
}

/** The suffix {@link truncateUtf8} appends. */
export function truncationMarker(omittedBytes: number): string {
  return `…[truncated ${omittedBytes} bytes]`;
}

/** Longest prefix (in UTF-16 units, plus its UTF-8 size) whose UTF-8 form fits in `maxBytes`. */
function prefixLengthWithin(text: string, maxBytes: number): { length: number; bytes: number } {
  let bytes = 0;
  let index = 0;
  while (index < text.length) {
    const unit = text.charCodeAt(index);
    let width = 3;
    let units = 1;
    if (unit < 0x80) width = 1;
    else if (unit < 0x800) width = 2;
    else if (isHighSurrogate(unit) && isLowSurrogate(text.charCodeAt(index + 1))) {
      width = 4;
      units = 2;
    }
    if (bytes + width > maxBytes) break;
    bytes += width;
    index += units;
  }
  return { length: index, bytes };
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
