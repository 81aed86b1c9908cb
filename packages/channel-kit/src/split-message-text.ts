import { stripHiddenCharacters } from "@mono-agent/evidence";

/**
 * Splits `text`, without the characters that hide text from a person (`stripHiddenCharacters`: tag
 * characters outside a flag emoji and the like), into chunks of at most `limit` characters (UTF-16 units, as platforms count), cutting at
 * the last line break, else the last space, in the second half of a window, else hard at the limit (never
 * inside a surrogate pair). A chunk's bounds depend only on the text up to its window's end, so a text
 * that grows (a streamed answer) keeps the chunks already full exactly as they were.
 */
export function splitMessageText(message: string, limit: number): string[] {
  if (!Number.isInteger(limit) || limit < 2)
    throw new RangeError(`limit must be an integer >= 2, got ${limit}`);
  const text = stripHiddenCharacters(message);
  const chunks: string[] = [];
  let start = 0;
  while (text.length - start > limit) {
    const window = text.slice(start, start + limit);
    let cut = window.lastIndexOf("\n");
    if (cut < limit / 2) cut = window.lastIndexOf(" ");
    if (cut < limit / 2) {
      cut = limit;
      const code = text.charCodeAt(start + cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
      chunks.push(text.slice(start, start + cut));
      start += cut;
    } else {
      chunks.push(text.slice(start, start + cut));
      start += cut + 1;
    }
  }
  if (start < text.length || chunks.length === 0) chunks.push(text.slice(start));
  return chunks;
}
