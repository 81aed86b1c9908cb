/** One replacement of an Edit call: `oldText` must occur exactly once in the original file. */
export interface TextEdit {
  oldText: string;
  newText: string;
}

/** What {@link applyTextEdits} made: the content the edits were matched in, and the result. */
export interface AppliedEdits {
  baseContent: string;
  newContent: string;
}

/** `\r\n` when the first line break of `text` is one, else `\n`. */
export function detectLineEnding(text: string): "\r\n" | "\n" {
  const lf = text.indexOf("\n");
  return lf > 0 && text[lf - 1] === "\r" ? "\r\n" : "\n";
}

/** Every `\r\n` and lone `\r` made `\n`. */
export function normalizeToLF(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/**
 * The loose form matching falls back to when an exact match fails: NFKC, no trailing whitespace per line,
 * typographic quotes, dashes and spaces made ASCII (models often retype them so).
 */
export function normalizeForFuzzyMatch(text: string): string {
  return text
    .normalize("NFKC")
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}

function occurrences(content: string, text: string): number {
  let count = 0;
  for (let index = content.indexOf(text); index !== -1; index = content.indexOf(text, index + text.length))
    count += 1;
  return count;
}

const which = (index: number, total: number, single: string, multiple: string): string =>
  total === 1 ? single : multiple.replace("#", String(index));

/**
 * Applies `edits` to LF-normalised `content`, every one matched against the original (not after the
 * others): each `oldText` must be non-empty, found (exactly, else in the loose form of
 * {@link normalizeForFuzzyMatch}, and then the whole file is taken in that form), unique and not overlap
 * another; the result must differ. Each rule broken throws an error naming the edit and the fix.
 */
export function applyTextEdits(content: string, edits: readonly TextEdit[], path: string): AppliedEdits {
  const total = edits.length;
  const normalized = edits.map((edit) => ({
    oldText: normalizeToLF(edit.oldText),
    newText: normalizeToLF(edit.newText),
  }));
  normalized.forEach((edit, index) => {
    if (edit.oldText === "")
      throw new Error(`${which(index, total, "oldText", "edits[#].oldText")} must not be empty in ${path}.`);
  });
  const fuzzy = normalized.some((edit) => !content.includes(edit.oldText));
  const baseContent = fuzzy ? normalizeForFuzzyMatch(content) : content;
  const matches = normalized.map((edit, index) => {
    const needle =
      baseContent.includes(edit.oldText) || !fuzzy ? edit.oldText : normalizeForFuzzyMatch(edit.oldText);
    const at = baseContent.indexOf(needle);
    if (at === -1) {
      throw new Error(
        total === 1
          ? `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`
          : `Could not find edits[${index}] in ${path}. The oldText must match exactly including all whitespace and newlines.`,
      );
    }
    const count = occurrences(normalizeForFuzzyMatch(baseContent), normalizeForFuzzyMatch(needle));
    if (count > 1) {
      throw new Error(
        total === 1
          ? `Found ${count} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`
          : `Found ${count} occurrences of edits[${index}] in ${path}. Each oldText must be unique. Please provide more context to make it unique.`,
      );
    }
    return { index, at, length: needle.length, newText: edit.newText };
  });
  matches.sort((a, b) => a.at - b.at);
  for (let position = 1; position < matches.length; position += 1) {
    const before = matches[position - 1];
    const current = matches[position];
    if (before && current && before.at + before.length > current.at) {
      throw new Error(
        `edits[${before.index}] and edits[${current.index}] overlap in ${path}. Merge them into one edit or target disjoint regions.`,
      );
    }
  }
  let newContent = baseContent;
  for (const match of [...matches].reverse()) {
    newContent = newContent.slice(0, match.at) + match.newText + newContent.slice(match.at + match.length);
  }
  if (newContent === baseContent) {
    throw new Error(
      total === 1
        ? `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`
        : `No changes made to ${path}. The replacements produced identical content.`,
    );
  }
  return { baseContent, newContent };
}

/** Context lines shown around the changed lines in an Edit's diff. */
const DIFF_CONTEXT_LINES = 4;

/**
 * A line-numbered diff of the one region between the first and the last changed line (`-` old, `+` new,
 * a few unchanged lines around it), and the first changed line of the new content (1-based).
 */
export function describeChange(before: string, after: string): { diff: string; firstChangedLine: number } {
  const old = before.split("\n");
  const next = after.split("\n");
  let head = 0;
  while (head < old.length && head < next.length && old[head] === next[head]) head += 1;
  let tail = 0;
  while (
    tail < old.length - head &&
    tail < next.length - head &&
    old[old.length - 1 - tail] === next[next.length - 1 - tail]
  )
    tail += 1;
  const width = String(Math.max(old.length, next.length)).length;
  const line = (sign: string, number: number, text: string | undefined) =>
    `${sign}${String(number).padStart(width, " ")} ${text ?? ""}`;
  const out: string[] = [];
  for (let index = Math.max(0, head - DIFF_CONTEXT_LINES); index < head; index += 1)
    out.push(line(" ", index + 1, old[index]));
  for (let index = head; index < old.length - tail; index += 1) out.push(line("-", index + 1, old[index]));
  for (let index = head; index < next.length - tail; index += 1) out.push(line("+", index + 1, next[index]));
  const contextEnd = Math.min(old.length, old.length - tail + DIFF_CONTEXT_LINES);
  for (let index = old.length - tail; index < contextEnd; index += 1)
    out.push(line(" ", index + 1, old[index]));
  return { diff: out.join("\n"), firstChangedLine: head + 1 };
}
