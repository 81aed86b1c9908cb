import { MODEL_TEXT_CHUNK_CHARS, MODEL_TEXT_MAX_CHARS } from "./limits.js";

/**
 * Splits model-facing text into blocks of at most {@link MODEL_TEXT_MAX_CHARS} characters.
 * Text that fits is returned as one block. Longer text becomes chunks of at most
 * {@link MODEL_TEXT_CHUNK_CHARS} characters, each prefixed `[continued section i of n]` and a
 * newline. A cut never splits a surrogate pair. Characters are UTF-16 code units (`string.length`).
 */
export function splitModelText(text: string): string[] {
  if (text.length <= MODEL_TEXT_MAX_CHARS) return [text];
  const chunks: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + MODEL_TEXT_CHUNK_CHARS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    chunks.push(text.slice(start, end));
    start = end;
  }
  return chunks.map((chunk, index) => `${continuedSectionLabel(index + 1, chunks.length)}\n${chunk}`);
}

/** The prefix of chunk `section` of `total`: `[continued section i of n]`. */
export function continuedSectionLabel(section: number, total: number): string {
  return `[continued section ${section} of ${total}]`;
}
