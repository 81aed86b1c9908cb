import { REMEMBER_TEXT_MAX_CHARS } from "./limits.js";
import { MemoryError } from "./memory-error.js";

/** The marker that starts a bullet's metadata comment; it may never appear in memory text. */
export const MEMORY_META_MARKER = "<!--mem";

/**
 * Memory text as it is stored: NFKC-normalized, trimmed, and every whitespace run (including line
 * and paragraph separators) collapsed to one space, so a memory is one markdown bullet line.
 * U+FEFF (BOM, zero-width no-break space) is removed first: JavaScript counts it as white space,
 * and turning it into a visible space would split a token padded with it past the secret scan.
 */
export function normalizeMemoryText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/\uFEFF/g, "")
    .replace(/\s+/gu, " ")
    .trim();
}

/** Length in characters as the 500-character rule counts them: Unicode code points. */
export function memoryTextLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * Normalizes Remember text and checks its shape (not its secrets).
 *
 * @throws MemoryError `invalid_text` (empty, or carries `<!--mem`) or `text_too_long` (over 500).
 */
export function normalizeRememberText(text: string): string {
  const normalized = normalizeMemoryText(text);
  if (normalized.length === 0) {
    throw new MemoryError("invalid_text", "The text is empty once whitespace is removed; state one fact.");
  }
  if (normalized.includes(MEMORY_META_MARKER)) {
    throw new MemoryError(
      "invalid_text",
      `The text contains "${MEMORY_META_MARKER}", which is reserved for memory metadata; restate the fact without it.`,
    );
  }
  const length = memoryTextLength(normalized);
  if (length > REMEMBER_TEXT_MAX_CHARS) {
    throw new MemoryError(
      "text_too_long",
      `The text is ${length} characters once normalized; at most ${REMEMBER_TEXT_MAX_CHARS} are accepted. State one shorter fact.`,
    );
  }
  return normalized;
}
